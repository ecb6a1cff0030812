import { randomUUID } from 'node:crypto';
import type { BookDocument, BookParagraph } from '@threadbook/book';
import type { Db } from '../src/db/database.ts';
import { replaceBookGraph } from '../src/features/graph/store.ts';
import type { BookGraph, GraphEdge } from '@threadbook/pipeline';
import { bearerToken } from './books-fixtures.ts';
import { openTestDatabase } from './support/database.ts';
import { TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/**
 * A small hand-built book and graph whose answers can be worked out by hand. Texts are real paragraphs of
 * Judson's Abstract Algebra (chapters 3 and 4); the structure is ours:
 *
 *   chapter 3: section 3.1 = a chain 3.1.4 -> 3.1.3 -> 3.1.2 -> 3.1.1 (BACKGROUND), section 3.2 = three
 *              paragraphs tied to the chain by other types;
 *   chapter 4: 4.1.1 is a hub with 26 ELABORATION edges to 4.2.1..4.2.26 and one BACKGROUND edge to 3.1.1.
 */

function paragraph(
  id: string,
  page: number,
  yStart: number,
  text: string,
  explicitRefs: string[] = [],
): BookParagraph {
  return { id, page, yStart, text, explicitRefs };
}

export const TEXT = {
  '3.1.1':
    'We have already seen that two integers a and b are equivalent mod n if n divides a − b. The integers mod n also partition Z into n different equivalence classes; we will denote the set of these equivalence classes by Zn.',
  '3.1.2':
    'Example 3.1 The following examples illustrate integer arithmetic modulo n: 7 + 4 ≡ 1 (mod 5) 3 + 5 ≡ 0 (mod 8) 3 + 4 ≡ 7 (mod 12).',
  '3.1.3': 'Proposition 3.4 Let Zn be the set of equivalence classes of the integers mod n and a, b, c ∈ Zn.',
  '3.1.4': '1. Addition and multiplication are commutative: a + b ≡ b + a (mod n) ab ≡ ba (mod n).',
  '3.2.1': 'The integers mod n and the symmetries of a triangle or a rectangle are examples of groups.',
  '3.2.2':
    'A group G with the property that a ◦ b = b ◦ a for all a, b ∈ G is called abelian or commutative. Groups not satisfying this property are said to be nonabelian or noncommutative.',
  '3.2.3':
    'It is often convenient to describe a group in terms of an addition or multiplication table. Such a table is called a Cayley table.',
  '4.1.1':
    'Often a subgroup will depend entirely on a single element of the group; that is, knowing that particular element will allow us to compute any other element in the subgroup.',
} as const;

/** Paragraph 4.2.k, an exercise of the hub's section. */
export const exerciseText = (k: number) => `Exercise ${k}. Find all of the cyclic subgroups of Z${k + 1}.`;

export function graphBook(): BookDocument {
  return {
    title: 'Abstract Algebra',
    author: 'T. Judson',
    chapters: [
      {
        id: '3',
        title: 'Groups',
        sections: [
          {
            id: '3.1',
            title: 'Integer Equivalence Classes and Symmetries',
            paragraphs: [
              paragraph('3.1.1', 40, 0.6847, TEXT['3.1.1']),
              paragraph('3.1.2', 41, 0.1121, TEXT['3.1.2']),
              // Its reference comes with the Book XML only (the graph has no entry for it).
              paragraph('3.1.3', 41, 0.5706, TEXT['3.1.3'], ['3.1.2']),
              paragraph('3.1.4', 41, 0.6105, TEXT['3.1.4']),
            ],
          },
          {
            id: '3.2',
            title: 'Definitions and Examples',
            paragraphs: [
              paragraph('3.2.1', 45, 0.8239, TEXT['3.2.1']),
              paragraph('3.2.2', 46, 0.2871, TEXT['3.2.2']),
              paragraph('3.2.3', 46, 0.5167, TEXT['3.2.3']),
            ],
          },
        ],
      },
      {
        id: '4',
        title: 'Cyclic Groups',
        sections: [
          {
            id: '4.1',
            title: 'Cyclic Subgroups',
            paragraphs: [paragraph('4.1.1', 58, 0.4423, TEXT['4.1.1'])],
          },
          {
            id: '4.2',
            title: 'Exercises',
            paragraphs: Array.from({ length: 26 }, (_, i) =>
              paragraph(`4.2.${i + 1}`, 60 + Math.floor(i / 10), ((i % 10) + 1) / 11, exerciseText(i + 1)),
            ),
          },
        ],
      },
    ],
  };
}

function edge(
  source: string,
  target: string,
  type: GraphEdge['type'],
  score: number,
  evidence: GraphEdge['evidence'],
  justification: string,
): GraphEdge {
  return { source, target, type, score, evidence, justification };
}

/** The chain and its neighbours (E1..E9, as in the tests' reasoning). */
export const EDGE = {
  E1: edge(
    '3.1.2',
    '3.1.1',
    'BACKGROUND',
    0.9,
    ['explicit'],
    'The example computes in Zn, defined in Section 3.1, Paragraph 1.',
  ),
  E2: edge(
    '3.1.3',
    '3.1.2',
    'BACKGROUND',
    0.8,
    ['explicit', 'semantic'],
    'Proposition 3.4 generalises the arithmetic of Example 3.1.',
  ),
  E3: edge('3.1.4', '3.1.3', 'BACKGROUND', 0.5, ['discourse'], 'The first item of Proposition 3.4.'),
  E4: edge('3.2.1', '3.1.3', 'EXAMPLE', 0.6, ['semantic'], 'Both speak of the integers mod n.'),
  E5: edge(
    '3.1.1',
    '3.2.2',
    'CONTRAST',
    0.4,
    ['discourse'],
    'Equivalence classes set against commutative groups.',
  ),
  E6: edge('3.1.3', '3.2.3', 'RELATED', 0.3, ['semantic'], 'Both describe operations on a finite set.'),
  E7: edge('3.2.3', '3.1.1', 'RELATED', 0.95, ['semantic'], 'A Cayley table lists the classes of Zn.'),
  E8: edge('3.1.2', '3.2.3', 'RELATED', 0.99, ['semantic'], 'A table of sums like those of Example 3.1.'),
  E9: edge(
    '4.1.1',
    '3.1.1',
    'BACKGROUND',
    0.7,
    ['explicit'],
    'Cyclic subgroups of Zn build on the classes of Section 3.1.',
  ),
} as const;

/** Hub edge 4.1.1 -> 4.2.k: scores rise in pairs, 4.2.1 and 4.2.2 at 0.40 up to 4.2.25 and 4.2.26 at 0.64. */
export const hubScore = (k: number) => 0.4 + 0.02 * Math.floor((k - 1) / 2);

export function graphOfBook(): BookGraph {
  const hub = Array.from({ length: 26 }, (_, i) =>
    edge(
      '4.1.1',
      `4.2.${i + 1}`,
      'ELABORATION',
      hubScore(i + 1),
      ['semantic'],
      `Exercise ${i + 1} practises cyclic subgroups.`,
    ),
  );
  return {
    edges: [...Object.values(EDGE), ...hub],
    explicitRefs: new Map([
      ['3.1.2', ['3.1.1']],
      ['4.1.1', ['3.1.1']],
    ]),
    spans: SPANS,
    terms: TERMS,
  };
}

/** Where defined terms are used: two on page 41 (given out of order), none elsewhere. */
export const TERMS: BookGraph['terms'] = [
  {
    page: 41,
    rect: { x: 0.42, y: 0.6, w: 0.2, h: 0.012 },
    term: 'equivalence classes',
    sourceId: '3.1.3',
    definitionId: '3.1.1',
  },
  {
    page: 41,
    rect: { x: 0.3, y: 0.2, w: 0.07, h: 0.012 },
    term: 'Zn',
    sourceId: '3.1.2',
    definitionId: '3.1.3',
  },
];

/** Where the references sit: two on page 41 (given out of order), one on page 58. */
export const SPANS: BookGraph['spans'] = [
  {
    page: 41,
    rect: { x: 0.5, y: 0.62, w: 0.1, h: 0.012 },
    text: 'Proposition 3.4',
    sourceId: '3.1.4',
    targetId: '3.1.3',
    evidence: 'text',
  },
  {
    page: 41,
    rect: { x: 0.2, y: 0.12, w: 0.08, h: 0.012 },
    text: 'Section 3.1',
    sourceId: '3.1.2',
    targetId: '3.1.1',
    evidence: 'link',
  },
  {
    page: 58,
    rect: { x: 0.3, y: 0.45, w: 0.05, h: 0.012 },
    text: '',
    sourceId: '4.1.1',
    targetId: '3.1.1',
    evidence: 'link',
  },
];

/** Runs `fn` with a Kysely connection of its own to the server's database. */
export async function withServerDb<T>(server: TestServer, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openTestDatabase(server.dataDir);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** A ready book row (no files: the graph API reads only the database). */
export async function insertBook(db: Db, title = 'Abstract Algebra'): Promise<number> {
  const row = await db
    .insertInto('book')
    .values({
      title,
      author: 'T. Judson',
      page_count: 357,
      sha256: randomUUID().replaceAll('-', ''),
      status: 'ready',
      source_name: 'aata.pdf',
      import_owner: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A ready book with the fixture's graph on `server`; returns its id. */
export function seedGraphBook(server: TestServer): Promise<number> {
  return withServerDb(server, async (db) => {
    const id = await insertBook(db);
    await replaceBookGraph(db, id, graphBook(), graphOfBook());
    return id;
  });
}

/** A real server holding the fixture's book and graph, a client of it and a signed-in user's ID token. */
export async function startGraphServer(
  env: Record<string, string> = {},
): Promise<{ server: TestServer; client: TestClient; token: string; bookId: number }> {
  const server = await startTestServer(env);
  const client = new TestClient(server.baseUrl);
  const bookId = await seedGraphBook(server);
  return { server, client, token: await bearerToken(server), bookId };
}
