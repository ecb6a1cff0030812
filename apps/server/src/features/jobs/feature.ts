import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.ts';
import { createJobQueue, type JobQueue } from './queue.ts';
import { jobsRoutes } from './routes.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

/** The installation's durable job queue and this server's runner of it; features add their kinds' handlers. */
export function createJobs(db: Db, log: FastifyBaseLogger): { queue: JobQueue; runner: JobRunner } {
  const queue = createJobQueue(db);
  return { queue, runner: createJobRunner({ queue, log }) };
}

/**
 * The jobs feature: GET /api/jobs/{id}, and the runner, which starts claiming jobs once the server listens
 * (every feature has registered its handlers by then) and stops with the server, giving its job back.
 */
export const jobsFeature: FastifyPluginAsync<{ queue: JobQueue; runner: JobRunner }> = async (
  app,
  { queue, runner },
) => {
  await app.register(jobsRoutes, { queue });
  app.addHook('onListen', () => {
    runner.start();
  });
  app.addHook('onClose', () => runner.close());
};
