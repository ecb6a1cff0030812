import type { Db } from '../../db/database.ts';
import type { BookStorage } from '../books/index.ts';
import { uploadPayloadSchema } from '../imports/index.ts';

/** An upload file no job names is left this long (it may be arriving on another server right now). */
const STRAY_AFTER_MS = 60 * 60_000;

/**
 * Removes upload files that no upload job names (a server that died while receiving one), once they are
 * an hour old; answers how many went. A job that names its file keeps it until the job removes it.
 */
export async function removeStrayUploads(db: Db, storage: BookStorage, now = Date.now()): Promise<number> {
  const jobs = await db
    .selectFrom('job')
    .select('payload')
    .where('kind', '=', 'upload')
    .where('state', '!=', 'done')
    .execute();
  const named = new Set(jobs.map((job) => uploadPayloadSchema.parse(JSON.parse(job.payload)).upload));
  let removed = 0;
  for (const { name, writtenAt } of await storage.listUploads()) {
    if (named.has(name) || now - writtenAt < STRAY_AFTER_MS) continue;
    await storage.removeUpload(name);
    removed += 1;
  }
  return removed;
}
