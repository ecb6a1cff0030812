import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCommand } from './support/process.ts';
import { bookListSchema, errorResponseSchema, jobSchema, type Job } from '@threadbook/contracts';
import { migrateToLatest, type OpenedDatabase } from '../src/db/database.ts';
import { BookImportError } from '../src/features/imports/import-book.ts';
import { isFinalImportError } from '../src/features/imports/index.ts';
import { runClaimedJob } from '../src/features/jobs/index.ts';
import { createJobQueue, type JobQueue } from '../src/features/jobs/queue.ts';
import { bearerToken, eventually, get, makePdf } from './books-fixtures.ts';
import { dropTestDatabase, openTestDatabase } from './support/database.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';

async function job(server: TestServer, token: string, id: number): Promise<Job> {
  const response = await get(server, `/api/jobs/${id}`, { token });
  expect(response.status).toBe(200);
  return jobSchema.parse(await response.json());
}

/** The installation's job queue, on a connection of its own (as another process would have). */
async function openQueue(dataDir: string): Promise<{ database: OpenedDatabase; queue: JobQueue }> {
  const database = await openTestDatabase(dataDir);
  await migrateToLatest(database.db);
  return { database, queue: createJobQueue(database.db) };
}

describe('durable jobs', { timeout: 120_000 }, () => {
  let fixtures: string;
  beforeAll(() => {
    fixtures = makeTempDir('threadbook-jobs-');
  });
  afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

  test('GET /api/jobs/{id}: bearer only, 400 on a bad id, 404 unknown; a failed import keeps its message', async () => {
    const server = await startTestServer();
    try {
      expect((await get(server, '/api/jobs/1')).status).toBe(401);
      const token = await bearerToken(server);
      for (const bad of ['abc', '0', '-1', '1.5']) {
        const response = await get(server, `/api/jobs/${bad}`, { token });
        expect(response.status, bad).toBe(400);
        expect(errorResponseSchema.parse(await response.json()).message).toBe('Invalid job id');
      }
      const unknown = await get(server, '/api/jobs/999', { token });
      expect(unknown.status).toBe(404);
      expect(errorResponseSchema.parse(await unknown.json()).message).toBe('Job not found');

      // Queued by another process (as `npm run import` does); the server's runner takes it.
      const { database, queue } = await openQueue(server.dataDir);
      const missing = path.join(fixtures, 'missing.pdf');
      const id = await queue.enqueue('file', { pdfPath: missing });
      const failedAt = async (jobId: number) =>
        eventually(async () => {
          const seen = await job(server, token, jobId);
          return seen.state === 'failed' ? seen : undefined;
        });
      const failed = await failedAt(id);
      expect(failed).toMatchObject({ id, kind: 'file', state: 'failed', bookId: null });
      expect(failed.error).toContain('missing.pdf');
      // An expected failure is not tried again: a job queued after it runs, and it was not run first (the
      // runner claims the oldest job, and a job to try again goes back to the queue with its own id).
      await failedAt(await queue.enqueue('file', { pdfPath: path.join(fixtures, 'also-missing.pdf') }));
      await database.close();
      const after = await server.db
        .selectFrom('job')
        .select(['state', 'attempts'])
        .where('id', '=', id)
        .executeTakeFirst();
      expect(after).toEqual({ state: 'failed', attempts: 1 });
    } finally {
      await server.close();
    }
  });

  test('the sample book import records its stage and pages in its job, and ends done with the book', async () => {
    const server = await startTestServer({ SAMPLE_BOOK: 'true' });
    try {
      const token = await bearerToken(server);
      const id = await eventually(
        async () =>
          (await server.db.selectFrom('job').select('id').where('kind', '=', 'sample').executeTakeFirst())
            ?.id,
      );
      const seen: Job[] = [];
      const done = await eventually(async () => {
        const current = await job(server, token, id);
        seen.push(current);
        return current.state === 'done' || current.state === 'failed' ? current : undefined;
      }, 120_000);
      expect(done.error).toBeNull();
      expect(done.state).toBe('done');
      const books = bookListSchema.parse(await (await get(server, '/api/books/', { token })).json());
      expect(books.map((book) => book.id)).toEqual([done.bookId]);
      const metadata = (await (
        await get(server, `/api/books/${done.bookId}/metadata`, { token })
      ).json()) as {
        pageCount: number;
      };
      expect(done).toMatchObject({
        kind: 'sample',
        stage: 'saving',
        progress: { done: metadata.pageCount, total: metadata.pageCount },
      });
      expect(seen.some((observed) => observed.state === 'running' || observed.state === 'queued')).toBe(true);
    } finally {
      await server.close();
    }
  }, 180_000);

  test('an import killed in the middle is finished by the next start, once, with nothing half-imported left', async () => {
    const dataDir = makeTempDir();
    try {
      const big = path.join(fixtures, 'long.pdf');
      await makePdf(big, { pages: 150, linesPerPage: 40, title: 'Long Book' });
      const child = await startCommand('import', dataDir, [big]);
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const booksDir = path.join(dataDir, 'books');
      await eventually(async () => {
        if (child.exitCode !== null) throw new Error(`the import ended before it was killed: ${stderr}`);
        return existsSync(booksDir) && readdirSync(booksDir).some((name) => name.startsWith('.staging-'))
          ? true
          : undefined;
      }, 30_000);
      child.kill('SIGKILL');
      await exited;

      const { database } = await openQueue(dataDir);
      const [left] = await database.db.selectFrom('job').select(['id', 'state', 'lease_owner']).execute();
      await database.close();
      expect(left).toMatchObject({ state: 'running' });
      expect(left?.lease_owner).toContain(String(child.pid));

      const server = await startTestServer({ SAMPLE_BOOK: 'false' }, { dataDir });
      try {
        const token = await bearerToken(server);
        const done = await eventually(async () => {
          const current = await job(server, token, left!.id);
          return current.state === 'done' ? current : undefined;
        }, 90_000);
        const books = bookListSchema.parse(await (await get(server, '/api/books/', { token })).json());
        expect(books).toEqual([
          { id: done.bookId, title: 'Long Book', author: expect.any(String), private: false },
        ]);
        expect(readdirSync(booksDir)).toEqual([String(done.bookId)]);
        expect(await server.db.selectFrom('book').select('status').execute()).toEqual([{ status: 'ready' }]);
        expect(
          await server.db.selectFrom('job').select('attempts').where('id', '=', left!.id).executeTakeFirst(),
        ).toEqual({ attempts: 2 });
      } finally {
        await server.close();
      }
    } finally {
      await dropTestDatabase(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('two runners racing for a job: one claim wins; an expired lease passes the job on, and the old owner loses it', async () => {
    const dataDir = makeTempDir();
    const first = await openQueue(dataDir);
    const second = await openQueue(dataDir);
    try {
      const id = await first.queue.enqueue('graph', { bookId: 1, title: 'A' });
      // The same job asked for again while queued is the same job.
      expect(await second.queue.enqueue('graph', { bookId: 1, title: 'A' })).toBe(id);
      const claims = await Promise.all([
        first.queue.claim('host 1#a', 60_000),
        second.queue.claim('host 2#b', 60_000),
        first.queue.claim('host 1#c', 60_000),
        second.queue.claim('host 2#d', 60_000),
      ]);
      const won = claims.filter((claim) => claim !== undefined);
      expect(won).toHaveLength(1);
      expect(won[0]).toMatchObject({ id, state: 'running', attempts: 1 });
      const winner = won[0]!.leaseOwner!;
      expect(await first.queue.heartbeat(id, winner, 60_000)).toBe(true);
      expect(await first.queue.heartbeat(id, 'host 9#z', 60_000)).toBe(false);

      // Its runner died: once the lease expires another runner claims it, and the old one can no longer end it.
      await first.queue.heartbeat(id, winner, -1);
      const again = await second.queue.claim('host 2#e', 60_000);
      expect(again).toMatchObject({ id, attempts: 2, leaseOwner: 'host 2#e', previousOwner: winner });
      await first.queue.complete(id, winner, 5);
      expect(await second.queue.find(id)).toMatchObject({ state: 'running', bookId: null });
      await second.queue.progress(id, 'host 2#e', { stage: 'extracting', done: 3, total: 10 });
      await second.queue.complete(id, 'host 2#e', 7);
      expect(await first.queue.find(id)).toMatchObject({
        state: 'done',
        bookId: 7,
        stage: 'extracting',
        pagesDone: 3,
        pagesTotal: 10,
        leaseOwner: null,
      });
      expect(await first.queue.claim('host 1#f', 60_000)).toBeUndefined();
    } finally {
      await first.database.close();
      await second.database.close();
      await dropTestDatabase(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a crash is tried again up to the last attempt; an expected failure ends the job at once', async () => {
    const dataDir = makeTempDir();
    const { database, queue } = await openQueue(dataDir);
    try {
      const crashing = await queue.enqueue('file', { pdfPath: '/crash.pdf' });
      const outcomes: string[] = [];
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const claimed = await queue.claim('host 1#a', 60_000);
        expect(claimed).toMatchObject({ id: crashing, attempts: attempt });
        const { outcome } = await runClaimedJob(
          queue,
          claimed!,
          'host 1#a',
          () => Promise.reject(new Error('worker crashed')),
          { isFinal: isFinalImportError },
        );
        outcomes.push(outcome);
      }
      expect(outcomes).toEqual(['retry', 'retry', 'failed']);
      expect(await queue.find(crashing)).toMatchObject({ state: 'failed', error: 'worker crashed' });

      const refused = await queue.enqueue('file', { pdfPath: '/refused.pdf' });
      const claimed = await queue.claim('host 1#a', 60_000);
      const { outcome } = await runClaimedJob(
        queue,
        claimed!,
        'host 1#a',
        () => Promise.reject(new BookImportError('refused.pdf: not a PDF')),
        { isFinal: isFinalImportError },
      );
      expect(outcome).toBe('failed');
      expect(await queue.find(refused)).toMatchObject({
        state: 'failed',
        attempts: 1,
        error: 'refused.pdf: not a PDF',
      });
      expect(await queue.claim('host 1#a', 60_000)).toBeUndefined();
    } finally {
      await database.close();
      await dropTestDatabase(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
