import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { booksNeedingGraph } from './book-graph.ts';
import { createJobQueue } from '../jobs/queue.ts';
import { jobsRoutes } from '../jobs/routes.ts';
import type { ImportJob } from './import-types.ts';
import { createJobRunner, enqueueImportJob } from './jobs.ts';
import { libraryFolderJobs } from './library-folder.ts';
import { booksRoutes } from './routes.ts';
import type { BookAccess } from './access.ts';
import { uploadsRoutes } from '../uploads/routes.ts';
import { removeStrayUploads } from '../uploads/stray-uploads.ts';
import { samplePending } from './sample.ts';
import { cleanupIncompleteImports, type BookStorage } from './storage.ts';

type BooksConfig = Pick<
  Config,
  | 'dataDir'
  | 'databaseUrl'
  | 'maxBookMb'
  | 'bookCacheMb'
  | 'sampleBook'
  | 'libraryDir'
  | 'embeddings'
  | 'importLimits'
  | 'uploads'
>;

/**
 * The books feature: removes what interrupted imports left (before serving anything), serves the books
 * API, and once the server listens works in the background: builds the graphs books lack or hold in an
 * older format (imported before graphs or reference spans existed), imports the sample textbook (first
 * start) and the PDFs of LIBRARY_DIR that are not in the library yet. These are jobs in the database's
 * queue (GET /api/jobs/{id}), run one at a time by the runner, which also finishes the jobs a stopped or
 * killed process left and runs the jobs `npm run import` queues when it is not the one to run them.
 */
export const booksFeature: FastifyPluginAsync<{
  db: Db;
  storage: BookStorage;
  access: BookAccess;
  config: BooksConfig;
}> = async (app, { db, storage, access, config }) => {
  const cleaned = await cleanupIncompleteImports(db, storage);
  if (cleaned.stagingDirs + cleaned.rows + cleaned.orphanDirs > 0) {
    app.log.info(
      `removed what interrupted imports left: ${cleaned.stagingDirs} staging folder(s), ${cleaned.rows} unfinished book(s), ${cleaned.orphanDirs} stray folder(s)`,
    );
  }

  const strays = await removeStrayUploads(db, storage);
  if (strays > 0) app.log.info(`removed ${strays} upload file(s) that no upload names`);

  await app.register(booksRoutes, {
    db,
    storage,
    access,
    fileCacheBytes: config.bookCacheMb * 1024 * 1024,
  });

  const queue = createJobQueue(db);
  await app.register(jobsRoutes, { queue });
  const runner = createJobRunner({
    db,
    storage,
    queue,
    limits: config.importLimits,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    maxBookMb: config.maxBookMb,
    embeddings: config.embeddings,
    log: app.log,
  });
  await app.register(uploadsRoutes, { db, storage, queue, config, wake: () => runner.wake() });
  app.addHook('onListen', async () => {
    const planned: ImportJob[] = (await booksNeedingGraph(db)).map((book) => ({
      kind: 'graph',
      bookId: book.id,
      title: book.title,
    }));
    if (config.sampleBook && (await samplePending(db))) planned.push({ kind: 'sample' });
    if (config.libraryDir) {
      planned.push(...libraryFolderJobs(config.libraryDir, (message) => app.log.warn(message)));
    }
    for (const job of planned) await enqueueImportJob(queue, job);
    if (planned.length > 0) app.log.info(`${planned.length} book job(s) to run in the background`);
    runner.start();
  });
  app.addHook('onClose', async () => {
    await runner.close();
  });
};
