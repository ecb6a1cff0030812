import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, jobSchema, type Job } from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import { positiveWholeNumber } from '../../path-number.ts';
import type { JobQueue } from './queue.ts';

const idParams = z.object({ id: z.string() });

/**
 * GET /api/jobs/{id}, behind the bearer token like the books API: a background job's state, stage and
 * progress, its error once failed, its book once done. 400 'Invalid job id', 404 'Job not found' (also
 * for another user's upload).
 */
export const jobsRoutes: FastifyPluginAsync<{ queue: JobQueue }> = async (app, { queue }) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/jobs/:id',
    {
      onRequest: app.authenticate,
      schema: {
        params: idParams,
        response: { 200: jobSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request): Promise<Job> => {
      const id = positiveWholeNumber(request.params.id);
      if (id === undefined) throw new ApiError.InvalidJobId();
      const job = await queue.find(id);
      // A user's upload is theirs alone; the operator's jobs (shared books) are anyone's to follow.
      if (!job || (job.userId !== null && job.userId !== request.user.uid)) throw new ApiError.JobNotFound();
      return {
        id: job.id,
        kind: job.kind,
        state: job.state,
        stage: job.stage,
        progress:
          job.pagesDone !== null && job.pagesTotal !== null && job.pagesTotal > 0
            ? { done: job.pagesDone, total: job.pagesTotal }
            : null,
        error: job.error,
        bookId: job.bookId,
      };
    },
  );
};
