import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Transaction } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  UploadErrorMessage,
  uploadQuerySchema,
  uploadSchema,
  uploadsResponseSchema,
  type Upload,
} from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { countInWindow } from '../../db/window-counter.ts';
import { positiveWholeNumber } from '../../path-number.ts';
import { type BookStorage, fileTitle } from '../books/index.ts';
import { enqueueImportJob, uploadPayloadSchema, type UploadPayload } from '../imports/index.ts';
import type { JobQueue, JobRecord } from '../jobs/index.ts';
import { receivePdf, RefusedUpload } from './receive-pdf.ts';
import { removeStrayUploads } from './stray-uploads.ts';

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60_000;
const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** An upload job as the Library shows it. */
export function uploadOf(job: JobRecord, now = Date.now()): Upload {
  const payload = uploadPayloadSchema.parse(job.payload);
  const progress =
    job.pagesDone !== null && job.pagesTotal !== null && job.pagesTotal > 0
      ? { done: job.pagesDone, total: job.pagesTotal }
      : null;
  // The pace so far, from the claim (checking takes a moment) to the last page extracted.
  let secondsLeft: number | null = null;
  if (
    job.state === 'running' &&
    job.stage === 'extracting' &&
    progress &&
    progress.done > 0 &&
    job.startedAt
  ) {
    const perPage = (now - job.startedAt) / 1000 / progress.done;
    secondsLeft = Math.max(0, Math.round(perPage * (progress.total - progress.done)));
  }
  return {
    id: job.id,
    fileName: payload.fileName,
    title: payload.title ?? fileTitle(payload.fileName),
    author: payload.author ?? '',
    size: payload.size,
    state: job.state,
    stage: (job.stage as Upload['stage']) ?? null,
    progress,
    secondsLeft,
    error: job.error,
    retryable: job.state === 'failed' && job.errorKind === 'transient',
    bookId: job.bookId,
    createdAt: new Date(job.createdAt).toISOString(),
  };
}

type UploadsConfig = Pick<Config, 'maxBookMb' | 'uploads'>;

/**
 * The uploads API (contracts' uploads.ts), behind the bearer token: a signed-in user adds a PDF, which is
 * streamed to the book storage (never held in memory), checked by its bytes, and imported by the job
 * system outside the request; its job is theirs alone (404 to anyone else). UPLOADS=off turns it off.
 * First, the files of uploads a server died receiving go (stray-uploads.ts).
 */
export const uploadsRoutes: FastifyPluginAsync<{
  db: Db;
  storage: BookStorage;
  queue: JobQueue;
  config: UploadsConfig;
  /** Tells the job runner a job was queued. */
  wake: () => void;
  /** An upload has begun: its import's process is started while its bytes come. */
  readyImport: () => void;
}> = async (app, { db, storage, queue, config, wake, readyImport }) => {
  const strays = await removeStrayUploads(db, storage);
  if (strays > 0) app.log.info(`removed ${strays} upload file(s) that no upload names`);

  // The body is the PDF itself, handed to the route as a stream (receive-pdf.ts enforces the limit).
  for (const type of ['application/pdf', 'application/octet-stream']) {
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }
  const maxBytes = config.maxBookMb * MB;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /** The user's upload job `rawId`: 400 for a bad id, 404 for none or another user's. */
  const uploadJob = async (rawId: string, userId: string) => {
    const id = positiveWholeNumber(rawId);
    if (id === undefined) throw new ApiError.InvalidUploadId();
    const job = await queue.find(id);
    if (!job || job.kind !== 'upload' || job.userId !== userId) throw new ApiError.UploadNotFound();
    return job;
  };

  /**
   * Refuses a new upload past the user's cap of own books, counting those being imported: read in `trx`
   * (the queue's admission of the user's upload, one at a time), so parallel uploads cannot all pass.
   */
  const checkOwnBooks = async (trx: Db | Transaction<Database>, userId: string) => {
    const count = (rows: { n: number | string | bigint } | undefined) => Number(rows?.n ?? 0);
    const [books, pending] = await Promise.all([
      trx
        .selectFrom('book_owner')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      trx
        .selectFrom('job')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', userId)
        .where('kind', '=', 'upload')
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst(),
    ]);
    if (count(books) + count(pending) >= config.uploads.maxBooksPerUser) {
      throw new ApiError.TooManyOwnBooks(UploadErrorMessage.tooManyBooks(config.uploads.maxBooksPerUser));
    }
  };

  /** Counts an upload against the user's hour (one atomic statement), refusing past the cap. */
  const countUpload = async (userId: string) => {
    const { current } = await countInWindow(db, 'rate_limit_counter', `uploads ${userId}`, HOUR_MS);
    if (current > config.uploads.perHour) {
      throw new ApiError.TooManyUploads(UploadErrorMessage.tooManyUploads(config.uploads.perHour));
    }
  };

  typed.get(
    '/api/uploads',
    { onRequest: app.authenticate, schema: { response: { 200: uploadsResponseSchema } } },
    async (request) => {
      const jobs = config.uploads.enabled
        ? await queue.listOf(request.user.uid, 'upload', ['queued', 'running', 'failed'])
        : [];
      const now = Date.now();
      return {
        enabled: config.uploads.enabled,
        maxBookMb: config.maxBookMb,
        uploads: jobs.map((job) => uploadOf(job, now)),
      };
    },
  );

  typed.post(
    '/api/uploads',
    {
      onRequest: app.authenticate,
      schema: {
        querystring: uploadQuerySchema,
        response: {
          202: uploadSchema,
          ...errors,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!config.uploads.enabled) throw new ApiError.UploadsDisabled();
      const userId = request.user.uid;
      const tooLarge = () => new ApiError.UploadTooLarge(UploadErrorMessage.tooLarge(config.maxBookMb));
      // What the body would be is known before it is read: refused at once, the rest never read.
      if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
        reply.header('connection', 'close');
        throw tooLarge();
      }
      if (typeof (request.body as Readable | undefined)?.pipe !== 'function') throw new ApiError.NotPdf();
      // Checked before the body is read, so a refusal costs no upload; checked again, atomically, below.
      await checkOwnBooks(db, userId);
      await countUpload(userId);

      readyImport();
      const { name, file } = await storage.createUpload();
      let received: { sha256: string; size: number };
      try {
        received = await receivePdf(request.body as Readable, file, maxBytes);
      } catch (error) {
        await storage.removeUpload(name);
        if (error instanceof RefusedUpload) {
          reply.header('connection', 'close');
          throw error.reason === 'too-large' ? tooLarge() : new ApiError.NotPdf();
        }
        throw error;
      }
      const { fileName, title, author } = request.query;
      const payload: UploadPayload = { upload: name, fileName, title, author, size: received.size };
      // Every PDF is imported as a job, one the library has already too (its job finds the book at once
      // and makes it this user's, under their names): answered alike, an upload says nothing of others'.
      let id: number;
      try {
        id = await enqueueImportJob(queue, { kind: 'upload', upload: payload, userId }, (trx) =>
          checkOwnBooks(trx, userId),
        );
      } catch (error) {
        await storage.removeUpload(name);
        throw error;
      }
      // Read back before waking the runner: the answer is the upload as accepted ("queued"), not
      // whatever a worker that picked it up at once has made of it since.
      const accepted = uploadOf((await queue.find(id))!);
      wake();
      return reply.code(202).send(accepted);
    },
  );

  typed.post(
    '/api/uploads/:id/retry',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 202: uploadSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request, reply) => {
      const job = await uploadJob(request.params.id, request.user.uid);
      if (job.state !== 'failed' || job.errorKind !== 'transient' || !(await queue.retry(job.id))) {
        throw new ApiError.UploadNotRetryable();
      }
      const accepted = uploadOf((await queue.find(job.id))!);
      wake();
      return reply.code(202).send(accepted);
    },
  );

  typed.delete(
    '/api/uploads/:id',
    {
      onRequest: app.authenticate,
      schema: { params: idParams, response: { 204: z.null(), ...errors, 409: errorResponseSchema } },
    },
    async (request, reply) => {
      const job = await uploadJob(request.params.id, request.user.uid);
      if (!(await queue.remove(job.id))) throw new ApiError.UploadNotRemovable();
      await storage.removeUpload(uploadPayloadSchema.parse(job.payload).upload);
      return reply.code(204).send(null);
    },
  );
};
