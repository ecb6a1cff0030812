import { z } from 'zod';

/**
 * What a background job does: import a PDF (the operator's), import the bundled sample book, build a
 * book's graph, or import a PDF a user added (uploads.ts).
 */
const jobKindSchema = z.enum(['file', 'sample', 'graph', 'upload']);
export type JobKind = z.infer<typeof jobKindSchema>;

/** 'queued' until a runner claims it, 'running' while one holds its lease, then 'done' or 'failed'. */
export const jobStateSchema = z.enum(['queued', 'running', 'done', 'failed']);
export type JobState = z.infer<typeof jobStateSchema>;

/** GET /api/jobs/{id}: a job's state; `progress`: pages extracted of pages in all (kept once extracted). */
export const jobSchema = z.object({
  id: z.number().int().positive(),
  kind: jobKindSchema,
  state: jobStateSchema,
  /** The import's stage ('checking', 'extracting', 'graph', 'cover', 'saving'), null before it starts. */
  stage: z.string().nullable(),
  progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().positive() }).nullable(),
  /** Why a failed job failed, for the person importing. */
  error: z.string().nullable(),
  /** The book the job made or found (done imports and graph builds). */
  bookId: z.number().int().positive().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** Messages of the jobs API. */
export const JobErrorMessage = {
  invalidId: 'Invalid job id',
  notFound: 'Job not found',
} as const;
