import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bookSearchResponseSchema,
  errorResponseSchema,
  SEARCH_LIMITS,
  type BookSearchResponse,
} from '@threadbook/contracts';
import { parseBookXml } from '@threadbook/book';
import { ourMigrator, type Db } from '../src/db/database.ts';
import { rebuildBookGraph } from '../src/features/imports/book-graph.ts';
import { importBook } from '../src/features/imports/import-book.ts';
import { searchIndex } from '../src/features/search/search-index.ts';
import { bearerToken, bookXml, get, importContext, makePdf } from './books-fixtures.ts';
import { openTestDatabase } from './support/database.ts';
import { makeTempDir, startTestServer, type TestServer } from './support/server.ts';

/** Exercises after the text, on pages 4 and 5: more paragraphs saying 'mean' than one answer holds. */
/** What another process changes (an index, a deleted book) is seen within a second: waited for this long. */
const SEEN_WITHIN_MS = 3000;
const EXERCISES = 520;
const EXERCISES_PER_PAGE = EXERCISES / 2;

/** A paragraph: id, page, y_start, text and, for a block that is not prose, its kind. */
type Paragraph = [string, number, number, string, string?];

/** A small statistics book, in reading order. */
const CHAPTERS: {
  id: string;
  title: string;
  sections: { id: string; title: string; paragraphs: Paragraph[] }[];
}[] = [
  {
    id: '1',
    title: 'Probability',
    sections: [
      {
        id: '1.1',
        title: 'Random Variables',
        paragraphs: [
          ['1.1.1', 1, 0.1, 'A random variable assigns a number to each outcome of an experiment.'],
          ['1.1.2', 1, 0.4, 'Whether a variable is random depends on the experiment and its sample space.'],
          [
            '1.1.3',
            1,
            0.7,
            'Kolmogorov gave probability its axioms, and the sample space is the set of outcomes.',
          ],
        ],
      },
      {
        id: '1.2',
        title: '',
        paragraphs: [
          ['1.2.1', 2, 0.1, 'Henri Poincaré drank his coffee at the café near the institute.'],
          ['1.2.2', 2, 0.5, 'A naive reader finds the cafe in a sample of the town.'],
          ['1.2.3', 2, 0.8, 'The naïve estimate of the sample mean is often good enough.'],
        ],
      },
    ],
  },
  {
    id: '2',
    title: 'Statistics',
    sections: [
      {
        id: '2.1',
        title: 'Estimators',
        paragraphs: [
          ['2.1.1', 3, 0.2, 'An estimator is a rule that turns a sample into a number.'],
          ['2.1.2', 3, 0.6, 'mean(sample) # the sample mean in R', 'code'],
        ],
      },
      {
        id: '2.2',
        title: 'Exercises',
        paragraphs: Array.from({ length: EXERCISES }, (_, i): Paragraph => [
          `2.2.${i + 1}`,
          4 + Math.floor(i / EXERCISES_PER_PAGE),
          Number((0.05 + (0.9 * (i % EXERCISES_PER_PAGE)) / EXERCISES_PER_PAGE).toFixed(4)),
          `Exercise ${i + 1}. Compute the mean of data set number ${i + 1}.`,
        ]),
      },
    ],
  },
];

function statisticsXml(): string {
  const chapters = CHAPTERS.map((chapter) => {
    const sections = chapter.sections.map((section) => {
      const paragraphs = section.paragraphs.map(([id, page, yStart, text, kind]) => {
        const kindAttribute = kind ? ` kind="${kind}"` : '';
        return `      <paragraph id="${id}" page="${page}" y_start="${yStart}"${kindAttribute}>${text}</paragraph>`;
      });
      return `    <section id="${section.id}" title="${section.title}">\n${paragraphs.join('\n')}\n    </section>`;
    });
    return `  <chapter id="${chapter.id}" title="${chapter.title}">\n${sections.join('\n')}\n  </chapter>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<book title="Statistics Notes" author="A. Author">\n${chapters.join('\n')}\n</book>\n`;
}

const exercise = (n: number) => `2.2.${n}`;

/** Imports a real PDF with a Book XML through the import the server uses; returns the book id. */
async function importWithXml(dataDir: string, name: string, pages: number, xml: string): Promise<number> {
  const dir = makeTempDir('threadbook-search-book-');
  try {
    const pdfPath = path.join(dir, `${name}.pdf`);
    const xmlPath = path.join(dir, `${name}.xml`);
    await makePdf(pdfPath, { pages, title: name });
    writeFileSync(xmlPath, xml);
    const database = await openTestDatabase(dataDir);
    try {
      return (await importBook(importContext(database.db, dataDir), { pdfPath, xmlPath })).id;
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('find in the book: GET /api/books/{id}/search', () => {
  const dataDir = makeTempDir();
  let server: TestServer;
  let token: string;
  let bookId: number;

  beforeAll(async () => {
    server = await startTestServer({}, { dataDir });
    bookId = await importWithXml(dataDir, 'statistics', 5, statisticsXml());
    token = await bearerToken(server);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs `fn` on a Kysely connection of its own to the server's database. */
  async function withDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const database = await openTestDatabase(dataDir);
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  }

  const searchPath = (q: string, id: number | string = bookId) =>
    `/api/books/${id}/search?q=${encodeURIComponent(q)}`;

  async function search(q: string, id: number | string = bookId): Promise<BookSearchResponse> {
    const response = await get(server, searchPath(q, id), { token });
    expect(response.status, `${q}: ${await response.clone().text()}`).toBe(200);
    return bookSearchResponseSchema.parse(await response.json());
  }
  const ids = async (q: string) => (await search(q)).hits.map((hit) => hit.paragraphId);

  async function failure(pathname: string, status: number) {
    const response = await get(server, pathname, { token });
    expect(response.status, pathname).toBe(status);
    return errorResponseSchema.parse(await response.json());
  }

  test('a word that is not in the book finds nothing', async () => {
    expect(await search('zebra')).toEqual({ hits: [], total: 0, truncated: false });
  });

  test('one hit: where the paragraph is, its section and a snippet with the word marked', async () => {
    const { hits, total, truncated } = await search('Kolmogorov');
    expect({ total, truncated }).toEqual({ total: 1, truncated: false });
    const [hit] = hits;
    expect(hit).toMatchObject({
      paragraphId: '1.1.3',
      page: 1,
      yStart: 0.7,
      sectionId: '1.1',
      sectionTitle: 'Random Variables',
    });
    expect(hit!.snippet.text).toContain('Kolmogorov gave probability its axioms');
    expect(hit!.snippet.highlights.map(({ start, end }) => hit!.snippet.text.slice(start, end))).toEqual([
      'Kolmogorov',
    ]);
  });

  test('many hits come in reading order, across sections and chapters, code blocks included', async () => {
    const { hits, total } = await search('sample');
    expect(hits.map((hit) => hit.paragraphId)).toEqual([
      '1.1.2',
      '1.1.3',
      '1.2.2',
      '1.2.3',
      '2.1.1',
      '2.1.2',
    ]);
    expect(total).toBe(6);
    expect(hits.map((hit) => hit.page)).toEqual([1, 1, 2, 2, 3, 3]);
    // An untitled section is named as the table of contents names it: by its chapter.
    expect(hits.map((hit) => hit.sectionTitle)).toEqual([
      'Random Variables',
      'Random Variables',
      'Probability',
      'Probability',
      'Estimators',
      'Estimators',
    ]);
    for (const { snippet } of hits) {
      expect(snippet.highlights.length).toBeGreaterThan(0);
      for (const { start, end } of snippet.highlights) expect(snippet.text.slice(start, end)).toBe('sample');
    }
  });

  test('words are ANDed in any order; in double quotes they are a phrase', async () => {
    expect(await ids('random variable')).toEqual(['1.1.1', '1.1.2']);
    expect(await ids('variable random')).toEqual(['1.1.1', '1.1.2']);
    expect(await ids('"random variable"')).toEqual(['1.1.1']);
    expect(await ids('"variable random"')).toEqual([]);
    expect(await ids('experiment "sample space"')).toEqual(['1.1.2']);
    // An unclosed quote runs to the end.
    expect(await ids('"sample space')).toEqual(['1.1.2', '1.1.3']);
    const [phrase] = (await search('"random variable"')).hits;
    const marked = phrase!.snippet.highlights.map(({ start, end }) => phrase!.snippet.text.slice(start, end));
    expect(marked.join(' ')).toBe('random variable');
  });

  test('a word matches whole words only, never as a prefix', async () => {
    expect(await ids('estimator')).toEqual(['2.1.1']);
    expect(await ids('estimate')).toEqual(['1.2.3']);
    expect(await ids('estimat')).toEqual([]);
    expect(await ids('rand*')).toEqual([]);
    expect(await ids('exercise 7')).toEqual([exercise(7)]);
  });

  test('case and diacritics fold both ways', async () => {
    for (const q of ['cafe', 'café', 'CAFÉ', 'Cafe']) expect(await ids(q), q).toEqual(['1.2.1', '1.2.2']);
    for (const q of ['naive', 'naïve', 'NAÏVE']) expect(await ids(q), q).toEqual(['1.2.2', '1.2.3']);
    expect(await ids('poincare')).toEqual(['1.2.1']);
    const [hit] = (await search('cafe')).hits;
    const { text, highlights } = hit!.snippet;
    expect(highlights.map(({ start, end }) => text.slice(start, end))).toEqual(['café']);
  });

  test('FTS5 syntax in a query is text: no error, and no operator', async () => {
    const queries = [
      '"',
      '""',
      '"""',
      '*',
      'AND (',
      ')',
      'NEAR(random variable)',
      'random OR zebra',
      'random NOT variable',
      'text:random',
      '^random',
      '-random',
      'random*',
      '{random}',
      "'; DROP TABLE search_block; --",
      '\\',
      'random + variable',
    ];
    for (const q of queries) await search(q);
    expect(await ids('"')).toEqual([]);
    expect(await ids('*')).toEqual([]);
    // 'AND' is the word and.
    expect(await ids('AND (')).toEqual(['1.1.2', '1.1.3']);
    expect(await ids('random OR zebra')).toEqual([]);
    expect(await ids('text:random')).toEqual([]);
    expect(await ids('-random')).toEqual(['1.1.1', '1.1.2']);
    expect(await ids('random*')).toEqual(['1.1.1', '1.1.2']);
    expect(await ids('random + variable')).toEqual(['1.1.1', '1.1.2']);
  });

  test(`at most ${SEARCH_LIMITS.maxHits} hits, the first in reading order, and the total`, async () => {
    const { hits, total, truncated } = await search('mean');
    expect(total).toBe(EXERCISES + 2);
    expect(truncated).toBe(true);
    expect(hits).toHaveLength(SEARCH_LIMITS.maxHits);
    expect(hits.slice(0, 3).map((hit) => hit.paragraphId)).toEqual(['1.2.3', '2.1.2', exercise(1)]);
    expect(hits.at(-1)!.paragraphId).toBe(exercise(SEARCH_LIMITS.maxHits - 2));
    const places = hits.map((hit) => hit.page + hit.yStart);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });

  test('the query is 1 to 1,000 characters, not all blank (400 otherwise)', async () => {
    const longest = `${'sample '.repeat(142)}sample`;
    expect(longest).toHaveLength(SEARCH_LIMITS.maxQueryLength);
    expect((await search(longest)).total).toBe(6);
    const tooLong = await failure(searchPath(`${longest} `), 400);
    expect(tooLong.message).toBe('q: must be at most 1,000 characters');
    expect((await failure(searchPath('x'.repeat(1001)), 400)).message).toContain('1,000');
    for (const blank of ['', ' ', '\t \n']) {
      expect((await failure(searchPath(blank), 400)).message).toBe('q: must not be empty');
    }
    expect((await failure(`/api/books/${bookId}/search`, 400)).message).toBe(
      'q: must be the words to search for',
    );
    expect((await failure(`/api/books/${bookId}/search?q=a&q=b`, 400)).statusCode).toBe(400);
  });

  test('book ids as the books API takes them: 400 when malformed, 404 when unknown', async () => {
    expect(await failure(searchPath('sample', 'abc'), 400)).toMatchObject({ message: 'Invalid book id' });
    expect(await failure(searchPath('sample', 0), 400)).toMatchObject({ message: 'Invalid book id' });
    expect(await failure(searchPath('sample', 999999), 404)).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Book not found',
    });
  });

  test('401 without a valid bearer token', async () => {
    for (const badToken of [undefined, 'not-a-token']) {
      const response = await get(server, searchPath('sample'), { token: badToken });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  test('an answer is kept until the book is indexed again: its ETag, 304, then the new index', async () => {
    const first = await get(server, searchPath('Kolmogorov'), { token });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const known = { 'if-none-match': etag! };
    expect((await get(server, searchPath('Kolmogorov'), { token, headers: known })).status).toBe(304);

    const reindex = (xml: string) =>
      withDatabase((db) => searchIndex.indexBook(db, bookId, parseBookXml(xml)));
    await reindex(statisticsXml().replace('Kolmogorov', 'Laplace'));
    try {
      // The new index is searched once the server reads its version, within a second (index-version.ts).
      await expect
        .poll(async () => (await get(server, searchPath('Kolmogorov'), { token, headers: known })).status, {
          timeout: SEEN_WITHIN_MS,
        })
        .toBe(200);
      expect(await ids('Kolmogorov')).toEqual([]);
      expect(await ids('Laplace')).toEqual(['1.1.3']);
    } finally {
      await reindex(statisticsXml());
    }
    await expect.poll(() => ids('Kolmogorov'), { timeout: SEEN_WITHIN_MS }).toEqual(['1.1.3']);
  });

  test('a graph rebuild indexes the book again with its graph: the same hits under a new ETag', async () => {
    const before = await get(server, searchPath('"random variable"'), { token });
    await withDatabase((db) => rebuildBookGraph(importContext(db, dataDir), bookId));
    let after = before;
    await expect
      .poll(
        async () => {
          after = await get(server, searchPath('"random variable"'), { token });
          return after.headers.get('etag');
        },
        { timeout: SEEN_WITHIN_MS },
      )
      .not.toBe(before.headers.get('etag'));
    expect(await after.json()).toEqual(await before.json());
  });

  test('deleting a book leaves none of its index', async () => {
    const rows = async () =>
      (
        await server.db
          .selectFrom('search_block')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await rows();
    const other = await importWithXml(dataDir, 'groups', 2, bookXml(2, 'Groups'));
    expect(
      await ids('groups')
        .then(() => search('groups', other))
        .then((r) => r.total),
    ).toBe(2);
    expect(await rows()).toBe(before + 2);

    await withDatabase((db) => db.deleteFrom('book').where('id', '=', other).execute());
    expect(await rows()).toBe(before);
    // A book deleted by another process is no longer seen within a second (books/access.ts).
    await expect
      .poll(async () => (await get(server, searchPath('groups', other), { token })).status, {
        timeout: SEEN_WITHIN_MS,
      })
      .toBe(404);
    await failure(searchPath('groups', other), 404);
    expect(await ids('Kolmogorov')).toEqual(['1.1.3']);
  });

  test('a book imported before the index existed is searchable after the next start', async () => {
    const port = Number(new URL(server.baseUrl).port);
    await server.close();
    // The database as it was before migration 006-search (and those after it).
    const { results } = await withDatabase((db) => ourMigrator(db).migrateTo('005-reference-spans'));
    expect(results?.at(-1)).toEqual({ migrationName: '006-search', direction: 'Down', status: 'Success' });
    expect(results?.every((result) => result.status === 'Success')).toBe(true);
    server = await startTestServer({}, { dataDir, port });
    token = await bearerToken(server);
    expect(await ids('"random variable"')).toEqual(['1.1.1']);
    expect((await search('mean')).total).toBe(EXERCISES + 2);
  });
});
