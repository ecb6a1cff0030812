import { spawn } from 'node:child_process';
import {
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCommand } from './support/process.ts';
import { bookListSchema, type BookListItem } from '@threadbook/contracts';
import { startOpenAiCompatibleServer } from '@threadbook/test-support';
import { buildSampleBook } from '../../../samples/sample-book/index.ts';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest } from '../src/db/database.ts';
import { BookImportError, importBook } from '../src/features/imports/import-book.ts';
import { cleanupIncompleteImports, localBookStorage } from '../src/features/books/storage.ts';
import { GRAPH_FORMAT } from '../src/features/graph/store.ts';
import { bearerToken, bookXml, eventually, get, importContext, makePdf } from './books-fixtures.ts';
import { openTestDatabase } from './support/database.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';

/** `npm run import -- ...args` over `dataDir`. */
const runImport = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  runCommand('import', dataDir, args, env);

/** Until `count` jobs queued since `since` have all ended (none queued or running is left). */
function jobsEndedSince(server: TestServer, since: number, count: number) {
  return eventually(async () => {
    const jobs = await server.db.selectFrom('job').select('state').where('created_at', '>=', since).execute();
    return jobs.length >= count && jobs.every((job) => job.state === 'done' || job.state === 'failed')
      ? jobs
      : undefined;
  }, 120_000);
}

/** What the installation holds: book rows (any status) and the entries of DATA_DIR/books. */
async function stored(dataDir: string) {
  const database = await openTestDatabase(dataDir);
  try {
    await migrateToLatest(database.db);
    const rows = await database.db.selectFrom('book').select(['id', 'status', 'title']).execute();
    const booksDir = path.join(dataDir, 'books');
    return { rows, entries: existsSync(booksDir) ? readdirSync(booksDir) : [] };
  } finally {
    await database.close();
  }
}

async function listBooks(server: TestServer, token: string): Promise<BookListItem[]> {
  const response = await get(server, '/api/books/', { token });
  expect(response.status).toBe(200);
  return bookListSchema.parse(await response.json());
}

/** The pid of a process that has exited (for unfinished imports whose importer is gone). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid ?? 999_999;
}

describe('importing books', { timeout: 90_000 }, () => {
  let fixtures: string;
  let tinyPdf: string;
  let tinyXml: string;

  beforeAll(async () => {
    fixtures = makeTempDir('threadbook-import-fixtures-');
    tinyPdf = path.join(fixtures, 'tiny.pdf');
    tinyXml = path.join(fixtures, 'tiny.xml');
    await makePdf(tinyPdf, { pages: 2 });
    writeFileSync(tinyXml, bookXml(2));
  });
  afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

  test('prints only the new id on stdout, progress on stderr; the same PDF again gives the same id', async () => {
    const dataDir = makeTempDir();
    try {
      const first = await runImport(dataDir, [tinyPdf, '--xml', tinyXml, '--title', 'Given Title']);
      expect(first.stderr).toContain('checking the PDF');
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/^\d+\n$/);
      const id = Number(first.stdout);

      const again = await runImport(dataDir, [tinyPdf, '--xml', tinyXml]);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toBe(`${id}\n`);
      expect(again.stderr).toContain(`Already in the library as book ${id}`);

      const { rows, entries } = await stored(dataDir);
      expect(rows).toEqual([{ id, status: 'ready', title: 'Given Title' }]);
      expect(entries).toEqual([String(id)]);
      expect(readdirSync(path.join(dataDir, 'books', String(id))).sort()).toEqual([
        'book.pdf',
        'book.xml',
        'cover.png',
        'pages',
      ]);
      // The first pages' images, for the reader's first opening (features/page-images).
      expect(readdirSync(path.join(dataDir, 'books', String(id), 'pages')).sort()).toEqual(
        ['1-1024', '1-1280', '1-768', '2-1024', '2-1280', '2-768'].map((name) => `${name}.webp`),
      );
      const xml = readFileSync(path.join(dataDir, 'books', String(id), 'book.xml'), 'utf8');
      expect(xml).toContain('<book title="Given Title" author="Test Author">');
      expect(
        readFileSync(path.join(dataDir, 'books', String(id), 'book.pdf')).equals(readFileSync(tinyPdf)),
      ).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('relative paths mean the folder npm was run in (INIT_CWD), not apps/server', async () => {
    const dataDir = makeTempDir();
    try {
      const run = await runImport(dataDir, [path.basename(tinyPdf)], { INIT_CWD: path.dirname(tinyPdf) });
      expect(run.code, run.stderr).toBe(0);
      expect(Number(run.stdout)).toBeGreaterThan(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('without --xml the Book XML is extracted from the PDF', async () => {
    const dataDir = makeTempDir();
    try {
      const run = await runImport(dataDir, [tinyPdf, '--author', 'Given Author']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/Extracting: 2\/2 pages \(100%\), about 0 s left/);
      const id = Number(run.stdout);
      const xml = readFileSync(path.join(dataDir, 'books', String(id), 'book.xml'), 'utf8');
      expect(xml).toMatch(/<book title="Tiny Test Book" author="Given Author">/);
      expect(xml).toMatch(/<paragraph [^>]*page="1"/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a PDF over MAX_BOOK_MB is refused with a clear message and nothing is stored', async () => {
    const dataDir = makeTempDir();
    try {
      const big = path.join(fixtures, 'book.pdf');
      writeFileSync(big, '');
      truncateSync(big, 250 * 1024 * 1024); // sparse: no disk space used, only its size is read
      const refused = await runImport(dataDir, [big]);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain('book.pdf is 250 MB; the limit is 200 MB (MAX_BOOK_MB)');
      rmSync(big);

      const tiny = await runImport(dataDir, [tinyPdf, '--xml', tinyXml], { MAX_BOOK_MB: '0.001' });
      expect(tiny.code).toBe(1);
      expect(tiny.stderr).toMatch(/tiny\.pdf is 0\.\d+ MB; the limit is 0\.001 MB \(MAX_BOOK_MB\)/);
      expect(await stored(dataDir)).toEqual({ rows: [], entries: [] });

      const invalid = await runImport(dataDir, [tinyPdf], { MAX_BOOK_MB: 'lots' });
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toContain('MAX_BOOK_MB: must be a number of megabytes');
      expect(() => loadConfig({ DATA_DIR: dataDir, MAX_BOOK_MB: '0' })).toThrow(
        /MAX_BOOK_MB: must be more than 0/,
      );
      expect(loadConfig({ DATA_DIR: dataDir, MAX_BOOK_MB: '0.5' }).maxBookMb).toBe(0.5);
      expect(loadConfig({ DATA_DIR: dataDir }).maxBookMb).toBe(200);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('broken input gets a clear error and loses nothing', async () => {
    const dataDir = makeTempDir();
    try {
      const keep = await runImport(dataDir, [tinyPdf, '--xml', tinyXml]);
      expect(keep.code, keep.stderr).toBe(0);
      const before = await stored(dataDir);

      const garbage = path.join(fixtures, 'garbage.pdf');
      writeFileSync(garbage, Buffer.from('this is not a PDF at all, just some words\n'.repeat(50)));
      const truncated = path.join(fixtures, 'truncated.pdf');
      const whole = readFileSync(tinyPdf);
      writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
      const encrypted = path.join(fixtures, 'encrypted.pdf');
      await makePdf(encrypted, { userPassword: 'open-sesame' });
      const scanned = path.join(fixtures, 'scanned.pdf');
      await makePdf(scanned, { noText: true });
      const badXml = path.join(fixtures, 'bad.xml');
      writeFileSync(
        badXml,
        '<book title="x">\n  <chapter id="1" title="A">\n    <section id="1.1" title="B">\n      <paragraph id="1.1.1" page="1" y_start="0.1">text\n    </section>\n</book>\n',
      );
      const noBook = path.join(fixtures, 'nobook.xml');
      writeFileSync(noBook, '<library/>');
      const otherPdf = path.join(fixtures, 'other.pdf');
      await makePdf(otherPdf, { pages: 1, title: 'Other' });
      const tooManyPages = path.join(fixtures, 'pages.xml');
      writeFileSync(tooManyPages, bookXml(3));

      const cases: [string[], RegExp][] = [
        [[garbage], /garbage\.pdf is not a PDF file/],
        [[truncated], /truncated\.pdf is incomplete: the file ends early/],
        [[encrypted], /encrypted\.pdf is protected by a password/],
        [[scanned, '--xml', tinyXml], /scanned\.pdf has no text layer/],
        [[scanned], /scanned\.pdf has no text layer/],
        [[otherPdf, '--xml', badXml], /bad\.xml: Invalid XML at line 5: .*paragraph/],
        [[otherPdf, '--xml', noBook], /nobook\.xml: Invalid XML: No <book> element found/],
        [
          [otherPdf, '--xml', tooManyPages],
          /pages\.xml: paragraph 1\.1\.2 is on page 2, but other\.pdf has 1 pages/,
        ],
        [[path.join(fixtures, 'missing.pdf')], /missing\.pdf: no such file/],
        [[otherPdf, '--xml', path.join(fixtures, 'missing.xml')], /missing\.xml: no such file/],
      ];
      // In this process (the command's start-up is slow on a busy machine)...
      const database = await openTestDatabase(dataDir);
      try {
        for (const [[pdfPath = '', , xmlPath], message] of cases) {
          const attempt = importBook(importContext(database.db, dataDir), { pdfPath, xmlPath });
          await expect(attempt, pdfPath).rejects.toThrow(BookImportError);
          await expect(attempt, pdfPath).rejects.toThrow(message);
          expect(await stored(dataDir), pdfPath).toEqual(before);
        }
      } finally {
        await database.close();
      }
      // ...and through the command: "Error: <message>" on stderr, exit code 1, nothing on stdout.
      for (const [args, message] of [cases[0], cases[5]] as [string[], RegExp][]) {
        const run = await runImport(dataDir, args);
        expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(/^Error: /m);
        expect(run.stderr, args.join(' ')).toMatch(message);
        expect(await stored(dataDir), args.join(' ')).toEqual(before);
      }

      const usage = await runImport(dataDir, []);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run import -- <book.pdf>');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('what is written with a book is written in the transaction that makes it ready: its failure leaves no book', async () => {
    const dataDir = makeTempDir();
    const database = await openTestDatabase(dataDir);
    try {
      await migrateToLatest(database.db);
      const before = await stored(dataDir);
      const context = importContext(database.db, dataDir);
      const input = { pdfPath: tinyPdf, xmlPath: tinyXml };
      const note = (trx: typeof database.db, bookId: number, value: string) =>
        trx
          .insertInto('setting')
          .values({ key: `noted-${bookId}`, value })
          .execute();
      const settings = () => database.db.selectFrom('setting').select(['key', 'value']).execute();

      const failing = importBook(context, input, async (trx, bookId) => {
        await note(trx, bookId, 'written, then undone');
        throw new Error('the note could not be written');
      });
      await expect(failing).rejects.toThrow('the note could not be written');
      expect(await stored(dataDir)).toEqual(before);
      expect(await settings()).toEqual([]);

      let statusSeen: string | undefined;
      const { id, created } = await importBook(context, input, async (trx, bookId) => {
        statusSeen = (
          await trx.selectFrom('book').select('status').where('id', '=', bookId).executeTakeFirst()
        )?.status;
        await note(trx, bookId, 'kept');
      });
      expect(created).toBe(true);
      // Before the book is made ready, in the same transaction: no reader sees the book without the note.
      expect(statusSeen).toBe('importing');
      expect((await stored(dataDir)).rows).toEqual([{ id, status: 'ready', title: expect.any(String) }]);
      expect(await settings()).toEqual([{ key: `noted-${id}`, value: 'kept' }]);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // An import killed in the middle: jobs.test.ts (the next start removes what it left and finishes it).

  test('start-up cleanup removes every unfinished state of a dead importer and leaves live imports alone', async () => {
    const dataDir = makeTempDir();
    try {
      const done = await runImport(dataDir, [tinyPdf, '--xml', tinyXml]);
      expect(done.code, done.stderr).toBe(0);
      const readyId = Number(done.stdout);
      const booksDir = path.join(dataDir, 'books');
      const gone = `${(await import('node:os')).hostname()} ${await deadPid()}`;

      const database = await openTestDatabase(dataDir);
      const insert = (sha256: string) =>
        database.db
          .insertInto('book')
          .values({
            title: 'Half',
            author: '',
            page_count: 1,
            sha256,
            status: 'importing',
            source_name: 'half.pdf',
            import_owner: gone,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      // Killed after the insert, before the rename: an 'importing' row and a staging folder.
      await insert('a'.repeat(64));
      const deadStaging = path.join(booksDir, '.staging-dead');
      mkdirSync(deadStaging);
      writeFileSync(path.join(deadStaging, '.owner'), gone);
      writeFileSync(path.join(deadStaging, 'book.pdf'), 'half');
      // Killed after the rename, before 'ready': an 'importing' row with its id folder.
      const renamed = await insert('b'.repeat(64));
      mkdirSync(path.join(booksDir, String(renamed.id)));
      writeFileSync(path.join(booksDir, String(renamed.id), 'book.pdf'), 'half');
      // A staging folder from before its owner was written, and a folder whose row is gone.
      mkdirSync(path.join(booksDir, '.staging-no-owner'));
      mkdirSync(path.join(booksDir, '987'));
      // An import running right now in this (live) process.
      const live = await localBookStorage(dataDir).createStaging();

      const report = await cleanupIncompleteImports(database.db, localBookStorage(dataDir));
      expect(report).toEqual({ stagingDirs: 2, rows: 2, orphanDirs: 1 });
      const rows = await database.db.selectFrom('book').select(['id', 'status']).execute();
      await database.close();
      expect(rows).toEqual([{ id: readyId, status: 'ready' }]);
      expect(readdirSync(booksDir).sort()).toEqual([String(readyId), path.basename(live)].sort());
      rmSync(live, { recursive: true });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('LIBRARY_DIR is imported in the background, with sidecar metadata, once', async () => {
    const library = makeTempDir('threadbook-library-');
    const dataDir = makeTempDir();
    try {
      await makePdf(path.join(library, 'algebra.pdf'), { title: 'Ignored Title', author: 'Ignored' });
      writeFileSync(
        path.join(library, 'algebra.json'),
        JSON.stringify({ title: 'Abstract Algebra', author: 'T. Judson' }),
      );
      await makePdf(path.join(library, 'calculus.pdf'), { pages: 3, title: 'Calc' });
      writeFileSync(path.join(library, 'calculus.xml'), bookXml(3, 'Calculus from XML', 'G. Strang'));
      writeFileSync(path.join(library, 'broken.pdf'), 'not a pdf');
      writeFileSync(path.join(library, 'notes.txt'), 'not a book');

      const env = { SAMPLE_BOOK: 'false', LIBRARY_DIR: library };
      let server = await startTestServer(env, { dataDir });
      const expected = [
        { title: 'Abstract Algebra', author: 'T. Judson' },
        { title: 'Calculus from XML', author: 'G. Strang' },
      ];
      let ids: number[];
      try {
        const token = await bearerToken(server);
        const books = await eventually(async () => {
          const list = await listBooks(server, token);
          return list.length === 2 ? list : undefined;
        });
        expect(books.map(({ title, author }) => ({ title, author }))).toEqual(expected);
        ids = books.map((book) => book.id);
      } finally {
        await server.close();
      }

      // A restart imports nothing new (same SHA-256), and the broken file stays out: the folder's three
      // PDFs are looked at again, and their jobs end.
      const restarted = Date.now();
      server = await startTestServer(env, { dataDir });
      try {
        const token = await bearerToken(server);
        await jobsEndedSince(server, restarted, 3);
        const books = await listBooks(server, token);
        expect(books.map((book) => book.id)).toEqual(ids);
        expect((await stored(dataDir)).rows).toHaveLength(2);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(library, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a server stopped during a background import stops the import, removes what it began and stays up until then', async () => {
    const library = makeTempDir('threadbook-library-');
    const dataDir = makeTempDir();
    try {
      await makePdf(path.join(library, 'long.pdf'), { pages: 150, linesPerPage: 40, title: 'Long Book' });
      const server = await startTestServer({ SAMPLE_BOOK: 'false', LIBRARY_DIR: library }, { dataDir });
      const booksDir = path.join(dataDir, 'books');
      try {
        // Stop once the import is writing: its staging folder exists and pages are being read.
        await eventually(
          async () =>
            existsSync(booksDir) && readdirSync(booksDir).some((name) => name.startsWith('.staging-'))
              ? true
              : undefined,
          30_000,
        );
      } finally {
        const started = Date.now();
        await server.close();
        // Told to stop, the worker ends at its next page; it is not left to a 30 s grace or terminated.
        expect(Date.now() - started).toBeLessThan(10_000);
      }
      expect(await stored(dataDir)).toEqual({ rows: [], entries: [] });
    } finally {
      rmSync(library, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('the relationship graph', () => {
    let samplePdf: string;
    beforeAll(async () => {
      samplePdf = path.join(fixtures, 'sample.pdf');
      await buildSampleBook(samplePdf);
    });

    /** The graph stored for book `id`: node and edge counts, and the summaries cached. */
    async function storedGraph(dataDir: string, id: number) {
      const database = await openTestDatabase(dataDir);
      try {
        const count = async (table: 'graph_node' | 'graph_edge' | 'graph_summary') =>
          Number(
            (
              await database.db
                .selectFrom(table)
                .select(({ fn }) => fn.countAll().as('n'))
                .where('book_id', '=', id)
                .executeTakeFirstOrThrow()
            ).n,
          );
        return {
          nodes: await count('graph_node'),
          edges: await count('graph_edge'),
          summaries: await count('graph_summary'),
        };
      } finally {
        await database.close();
      }
    }

    test('is built by the import, stored with the book and listed in the Book XML; --rebuild-graph replaces it', async () => {
      const dataDir = makeTempDir();
      try {
        const run = await runImport(dataDir, [samplePdf]);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toContain('building the relationship graph');
        const id = Number(run.stdout);
        const xml = readFileSync(path.join(dataDir, 'books', String(id), 'book.xml'), 'utf8');
        const paragraphs = xml.match(/<paragraph /g)?.length ?? 0;
        const withRefs = xml.match(/explicit_refs="/g)?.length ?? 0;
        expect(withRefs).toBeGreaterThan(50);
        const graph = await storedGraph(dataDir, id);
        expect(graph.nodes).toBe(paragraphs);
        expect(graph.edges).toBeGreaterThan(paragraphs / 2);

        // A cached summary belongs to the old graph: the rebuild drops it with the rest.
        const database = await openTestDatabase(dataDir);
        const edge = await database.db
          .selectFrom('graph_edge')
          .selectAll()
          .where('book_id', '=', id)
          .executeTakeFirstOrThrow();
        await database.db
          .insertInto('graph_summary')
          .values({
            book_id: id,
            source: edge.source,
            target: edge.target,
            type: edge.type,
            provider: 'builtin',
            summary: 'old',
            created_at: new Date().toISOString(),
          })
          .execute();
        await database.close();
        const rebuilt = await runImport(dataDir, ['--rebuild-graph', String(id)]);
        expect(rebuilt.code, rebuilt.stderr).toBe(0);
        expect(rebuilt.stderr).toContain(
          `Book ${id} ("Networks and Graphs: A Gentle Introduction"): ${graph.edges} relationships.`,
        );
        expect(await storedGraph(dataDir, id)).toEqual({ ...graph, summaries: 0 });
        expect(readFileSync(path.join(dataDir, 'books', String(id), 'book.xml'), 'utf8')).toBe(xml);

        for (const [arg, message] of [
          ['12x', '--rebuild-graph takes a book id or "all", not "12x".'],
          ['999', 'There is no book 999 in the library.'],
        ] as const) {
          const refused = await runImport(dataDir, ['--rebuild-graph', arg]);
          expect(refused.code).not.toBe(0);
          expect(refused.stderr).toContain(message);
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);

    test('a book stored without a graph gets one in the background at the next start', async () => {
      const dataDir = makeTempDir();
      try {
        const run = await runImport(dataDir, [tinyPdf, '--xml', tinyXml]);
        expect(run.code, run.stderr).toBe(0);
        const id = Number(run.stdout);
        const database = await openTestDatabase(dataDir);
        await database.db.deleteFrom('graph_book').where('book_id', '=', id).execute();
        await database.db.deleteFrom('graph_node').where('book_id', '=', id).execute();
        await database.close();
        expect((await storedGraph(dataDir, id)).nodes).toBe(0);

        const server = await startTestServer({ SAMPLE_BOOK: 'false' }, { dataDir });
        try {
          const token = await bearerToken(server);
          const answer = await eventually(async () => {
            const response = await get(server, `/api/graph/books/${id}/paragraphs/1.1.1`, { token });
            return response.status === 200 ? response : undefined;
          });
          expect(await answer.json()).toMatchObject({ id: '1.1.1' });
        } finally {
          await server.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    test('a graph stored in an older format (before reference spans) is built again in the background', async () => {
      const dataDir = makeTempDir();
      try {
        const run = await runImport(dataDir, [tinyPdf, '--xml', tinyXml]);
        expect(run.code, run.stderr).toBe(0);
        const id = Number(run.stdout);
        const format = async () => {
          const database = await openTestDatabase(dataDir);
          try {
            return await database.db
              .selectFrom('graph_book')
              .select(['format', 'version'])
              .where('book_id', '=', id)
              .executeTakeFirstOrThrow();
          } finally {
            await database.close();
          }
        };
        const imported = await format();
        expect(imported.format).toBe(GRAPH_FORMAT);
        const database = await openTestDatabase(dataDir);
        await database.db.updateTable('graph_book').set({ format: 1 }).where('book_id', '=', id).execute();
        await database.close();

        const server = await startTestServer({ SAMPLE_BOOK: 'false' }, { dataDir });
        try {
          const rebuilt = await eventually(async () => {
            const row = await format();
            return row.format === GRAPH_FORMAT ? row : undefined;
          });
          expect(rebuilt.version).not.toBe(imported.version);
        } finally {
          await server.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    test('an embeddings endpoint, when set, gives the similarities; when it fails, nothing is stored', async () => {
      const endpoint = await startOpenAiCompatibleServer({ dimensions: 32 });
      const dataDir = makeTempDir();
      try {
        const env = { EMBEDDINGS_BASE_URL: endpoint.url, EMBEDDINGS_API_KEY: 'sk-test' };
        endpoint.failNext(401, 10);
        const failed = await runImport(dataDir, [tinyPdf, '--xml', tinyXml], env);
        expect(failed.code).toBe(1);
        expect(failed.stderr).toMatch(/tiny\.pdf: the relationship graph could not be built: .*401/);
        expect(await stored(dataDir)).toEqual({ rows: [], entries: [] });

        endpoint.reset();
        const run = await runImport(dataDir, [tinyPdf, '--xml', tinyXml], env);
        expect(run.code, run.stderr).toBe(0);
        const asked = endpoint.requests.filter((request) => request.path.endsWith('/embeddings'));
        expect(asked.length).toBeGreaterThan(0);
        expect(asked[0]?.headers.authorization).toBe('Bearer sk-test');
      } finally {
        await endpoint.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  test('the sample book is imported on first start, in the background, and only once', async () => {
    const dataDir = makeTempDir();
    try {
      let server = await startTestServer({ SAMPLE_BOOK: 'true' }, { dataDir });
      let sample: BookListItem;
      try {
        const token = await bearerToken(server);
        sample = await eventually(async () => (await listBooks(server, token))[0], 120_000);
        const cover = await get(server, `/api/books/${sample.id}/cover`, { token });
        expect(cover.status).toBe(200);
        expect(existsSync(path.join(dataDir, 'samples'))).toBe(true);
      } finally {
        await server.close();
      }
      // Remembered: removing the sample does not bring it back at the next start.
      const database = await openTestDatabase(dataDir);
      await database.db.deleteFrom('book').where('id', '=', sample.id).execute();
      await database.close();
      rmSync(path.join(dataDir, 'books', String(sample.id)), { recursive: true });
      const restarted = Date.now();
      server = await startTestServer({ SAMPLE_BOOK: 'true' }, { dataDir });
      try {
        // A job queued after the start ends: the start's own jobs, queued before it, would have run first.
        await server.db
          .insertInto('job')
          .values({
            kind: 'file',
            payload: '{"pdfPath":"/missing.pdf"}',
            state: 'queued',
            created_at: Date.now(),
            updated_at: Date.now(),
          })
          .execute();
        await jobsEndedSince(server, restarted, 1);
        const queued = await server.db
          .selectFrom('job')
          .select('kind')
          .where('created_at', '>=', restarted)
          .execute();
        expect(queued).toEqual([{ kind: 'file' }]);
        expect(await listBooks(server, await bearerToken(server))).toEqual([]);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
