import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { cleanupIncompleteImports, type BookStorage } from '../books/index.ts';
import type { JobQueue, JobRunner } from '../jobs/index.ts';
import { booksNeedingGraph } from './book-graph.ts';
import { enqueueImportJob, handleImportJobs } from './import-jobs.ts';
import type { SpareImportProcess } from './import-process.ts';
import type { ImportJob } from './import-types.ts';
import { libraryFolderJobs } from './library-folder.ts';
import { samplePending } from './sample.ts';

type ImportsConfig = Pick<
  Config,
  'dataDir' | 'databaseUrl' | 'maxBookMb' | 'sampleBook' | 'libraryDir' | 'embeddings' | 'importLimits'
>;

/**
 * The imports feature: where a PDF becomes a book. It removes what interrupted imports left (before the
 * server serves anything), runs the import jobs (import-jobs.ts) with the server's job runner, and once
 * the server listens queues the work the installation needs: the graphs books lack or hold in an older
 * format, the sample textbook (first start) and the PDFs of LIBRARY_DIR not in the library yet. Uploads
 * (features/uploads) and `npm run import` queue theirs.
 */
export const importsFeature: FastifyPluginAsync<{
  db: Db;
  storage: BookStorage;
  queue: JobQueue;
  runner: JobRunner;
  config: ImportsConfig;
  spare: SpareImportProcess;
}> = async (app, { db, storage, queue, runner, config, spare }) => {
  const cleaned = await cleanupIncompleteImports(db, storage);
  if (cleaned.stagingDirs + cleaned.rows + cleaned.orphanDirs > 0) {
    app.log.info(
      `removed what interrupted imports left: ${cleaned.stagingDirs} staging folder(s), ${cleaned.rows} unfinished book(s), ${cleaned.orphanDirs} stray folder(s)`,
    );
  }
  handleImportJobs(runner, {
    db,
    storage,
    queue,
    log: app.log,
    limits: config.importLimits,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    maxBookMb: config.maxBookMb,
    embeddings: config.embeddings,
    spare,
  });
  app.addHook('onClose', () => spare.close());
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
    runner.wake();
  });
};
