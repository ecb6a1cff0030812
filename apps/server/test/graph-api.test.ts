import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bookGraphResponseSchema,
  errorResponseSchema,
  GraphErrorMessage,
  pageReferencesResponseSchema,
  pageTermsResponseSchema,
  PARAGRAPH_TEXTS_MAX,
  paragraphDetailSchema,
  paragraphTextsResponseSchema,
  relatedParagraphsResponseSchema,
  type PageReferences,
  type PageTerms,
  type RelatedParagraphsResponse,
} from '@threadbook/contracts';
import type { BookDocument } from '@threadbook/book';
import { replaceBookGraph } from '../src/features/graph/store.ts';
import type { BookGraph, GraphEdge } from '@threadbook/pipeline';
import { bearerToken, eventually } from './books-fixtures.ts';
import {
  EDGE,
  exerciseText,
  graphBook,
  graphOfBook,
  hubScore,
  insertBook,
  SPANS,
  TERMS,
  startGraphServer,
  TEXT,
  withServerDb,
} from './graph-fixtures.ts';
import { TestClient } from './support/client.ts';
import { startTestServer, type TestServer } from './support/server.ts';

/** The answers below are worked out from the fixture's edges by hand (see graph-fixtures.ts). */
describe('the graph API', () => {
  let server: TestServer;
  let client: TestClient;
  let token: string;
  let bookId: number;

  beforeAll(async () => {
    ({ server, client, token, bookId } = await startGraphServer());
  });
  afterAll(() => server.close());

  const related = async (paragraphId: string, query = '') => {
    const { status, body } = await client.json<RelatedParagraphsResponse>(
      `/api/graph/books/${bookId}/paragraphs/${paragraphId}/related${query}`,
      { token },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    return relatedParagraphsResponseSchema.parse(body);
  };
  const ids = (answer: RelatedParagraphsResponse) => answer.related.map((item) => item.node.id);

  test('every endpoint needs the bearer token (401 without, or with a bad one)', async () => {
    const calls: [string, unknown?][] = [
      [`/api/graph/books/${bookId}/paragraphs/3.1.3/related`],
      [`/api/graph/books/${bookId}/paragraphs/3.1.3`],
      [`/api/graph/books/${bookId}/paragraphs?ids=3.1.3`],
      [`/api/graph/books/${bookId}/graph`],
      [`/api/graph/books/${bookId}/pages/41/references`],
      [`/api/graph/books/${bookId}/pages/41/terms`],
      [
        `/api/graph/books/${bookId}/paragraphs/summary`,
        { relationship_type: 'BACKGROUND', source_paragraph: '3.1.3', related_paragraph: '3.1.2' },
      ],
    ];
    for (const [url, body] of calls) {
      const anonymous = await client.json(url, { body });
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
      expect((await client.json(url, { body, token: 'not-a-token' })).status, url).toBe(401);
      expect((await client.json(url, { body, token })).status, url).toBe(200);
    }
  });

  test('related at one hop: direct edges from either end, an edge seen from its target has the inverse type', async () => {
    const answer = await related('3.1.3');
    expect(answer.source_node).toEqual({ id: '3.1.3', page: 41, y_start: 0.5706, text: TEXT['3.1.3'] });
    expect(answer.related).toEqual([
      {
        relationship_type: 'BACKGROUND',
        node: { id: '3.1.2', text: TEXT['3.1.2'], page: 41, y_start: 0.1121 },
        justification: EDGE.E2.justification,
        score: 0.8,
        distance: 1,
      },
      {
        relationship_type: 'EXAMPLE',
        node: { id: '3.2.1', text: TEXT['3.2.1'], page: 45, y_start: 0.8239 },
        justification: EDGE.E4.justification,
        score: 0.6,
        distance: 1,
      },
      {
        // E3 is 3.1.4 -> 3.1.3 BACKGROUND: seen from 3.1.3, paragraph 3.1.4 elaborates on it.
        relationship_type: 'ELABORATION',
        node: { id: '3.1.4', text: TEXT['3.1.4'], page: 41, y_start: 0.6105 },
        justification: EDGE.E3.justification,
        score: 0.5,
        distance: 1,
      },
      {
        relationship_type: 'RELATED',
        node: { id: '3.2.3', text: TEXT['3.2.3'], page: 46, y_start: 0.5167 },
        justification: EDGE.E6.justification,
        score: 0.3,
        distance: 1,
      },
    ]);
    expect(answer).toMatchObject({ total: 4, page: 1, page_size: 20, total_pages: 1 });

    // From the end of the chain every edge is seen from its target.
    const fromFirst = await related('3.1.1');
    expect(fromFirst.related.map((item) => [item.node.id, item.relationship_type, item.score])).toEqual([
      ['3.2.3', 'RELATED', 0.95],
      ['3.1.2', 'ELABORATION', 0.9],
      ['4.1.1', 'ELABORATION', 0.7],
      ['3.2.2', 'CONTRAST', 0.4],
    ]);
  });

  test('two hops: reached through the best path, score multiplied, justification says via which paragraph', async () => {
    const answer = await related('3.1.3', '?max_distance=2');
    expect(ids(answer)).toEqual(['3.1.2', '3.1.1', '3.2.1', '3.1.4', '3.2.3']);
    const second = answer.related[1];
    // 3.1.1 is reachable via 3.1.2 (0.8 x 0.9, background of a background) and via 3.2.3 (0.3 x 0.95, RELATED).
    expect(second?.relationship_type).toBe('BACKGROUND');
    expect(second?.score).toBeCloseTo(0.72, 10);
    expect(second?.distance).toBe(2);
    expect(second?.justification).toBe(`Via Section 3.1, Paragraph 2: ${EDGE.E1.justification}`);
    // 3.2.3 is a direct neighbour (0.3): the stronger path over 3.1.2 (0.8 x 0.99) does not replace it.
    expect(answer.related[4]).toMatchObject({ distance: 1, score: 0.3, relationship_type: 'RELATED' });
    expect(answer.total).toBe(5);
  });

  test('three hops: a mixed chain is RELATED; the source itself never comes back', async () => {
    const answer = await related('3.1.3', '?max_distance=3');
    expect(ids(answer)).toEqual(['3.1.2', '3.1.1', '3.2.1', '4.1.1', '3.1.4', '3.2.3', '3.2.2']);
    const via = 'Via Section 3.1, Paragraph 2, then Section 3.1, Paragraph 1: ';
    const hub = answer.related[3];
    expect(hub?.relationship_type).toBe('RELATED');
    expect(hub?.score).toBeCloseTo(0.8 * 0.9 * 0.7, 10);
    expect(hub?.distance).toBe(3);
    expect(hub?.justification).toBe(via + EDGE.E9.justification);
    const contrast = answer.related[6];
    expect(contrast?.relationship_type).toBe('RELATED');
    expect(contrast?.score).toBeCloseTo(0.8 * 0.9 * 0.4, 10);
    expect(contrast?.justification).toBe(via + EDGE.E5.justification);
    expect(ids(answer)).not.toContain('3.1.3');
    expect(new Set(ids(answer)).size).toBe(answer.related.length);
    // The exercises are four hops away.
    expect(ids(answer).some((id) => id.startsWith('4.2.'))).toBe(false);
  });

  test('limit keeps the best items, ties in book order; page and page_size page through them', async () => {
    // 4.1.1: 3.1.1 (0.7), then its 26 exercises in pairs of equal score, best pair 4.2.25/4.2.26 (0.64).
    const order = [
      '3.1.1',
      ...[25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1].flatMap((k) => [`4.2.${k}`, `4.2.${k + 1}`]),
    ];
    const byDefault = await related('4.1.1');
    expect(ids(byDefault)).toEqual(order.slice(0, 10));
    expect(byDefault).toMatchObject({ total: 10, page: 1, page_size: 20, total_pages: 1 });
    expect(byDefault.related[1]?.score).toBeCloseTo(hubScore(25), 10);
    expect(byDefault.related[1]?.node.text).toBe(exerciseText(25));

    const all = await related('4.1.1', '?limit=100');
    expect(all).toMatchObject({ total: 27, total_pages: 2 });
    expect(ids(all)).toEqual(order.slice(0, 20));
    const second = await related('4.1.1', '?limit=100&page=2');
    expect(ids(second)).toEqual(['4.2.8', '4.2.5', '4.2.6', '4.2.3', '4.2.4', '4.2.1', '4.2.2']);
    expect(second).toMatchObject({ total: 27, page: 2, page_size: 20, total_pages: 2 });

    const third = await related('4.1.1', '?limit=25&page=3&page_size=10');
    expect(ids(third)).toEqual(['4.2.8', '4.2.5', '4.2.6', '4.2.3', '4.2.4']);
    expect(third).toMatchObject({ total: 25, page: 3, page_size: 10, total_pages: 3 });
    const beyond = await related('4.1.1', '?limit=25&page=4&page_size=10');
    expect(beyond.related).toEqual([]);
    expect(beyond).toMatchObject({ total: 25, total_pages: 3 });

    // An exercise sees the hub as its background (the inverse of ELABORATION).
    const leaf = await related('4.2.5');
    expect(leaf.related.map((item) => [item.node.id, item.relationship_type, item.score])).toEqual([
      ['4.1.1', 'BACKGROUND', hubScore(5)],
    ]);
  });

  test('paragraph ids may carry the book prefix; answers are plain', async () => {
    const answer = await related(`${bookId}:3.1.3`);
    expect(answer.source_node.id).toBe('3.1.3');
    expect(ids(answer)).toEqual(['3.1.2', '3.2.1', '3.1.4', '3.2.3']);
    const detail = await client.json(`/api/graph/books/${bookId}/paragraphs/${bookId}:3.1.2`, { token });
    expect(detail.status).toBe(200);
    expect(detail.body.id).toBe('3.1.2');
  });

  test('each query parameter out of bounds is a 400 naming it', async () => {
    const bad: Record<string, string[]> = {
      max_distance: ['0', '4', 'x', '-1', '1.5'],
      limit: ['0', '101', 'x', '-1'],
      page: ['0', 'x', '-1'],
      page_size: ['0', '101', 'x', '-1'],
    };
    for (const [name, values] of Object.entries(bad)) {
      for (const value of values) {
        const { status, body } = await client.json(
          `/api/graph/books/${bookId}/paragraphs/3.1.3/related?${name}=${value}`,
          { token },
        );
        expect(status, `${name}=${value}`).toBe(400);
        const error = errorResponseSchema.parse(body);
        expect(error.message, `${name}=${value}`).toMatch(new RegExp(`^${name}: must be a whole number`));
      }
    }
    // The bounds themselves are fine.
    const edges = await related('3.1.3', '?max_distance=3&limit=100&page=1&page_size=100');
    expect(edges.total).toBe(7);
    expect((await related('3.1.3', '?limit=1&page_size=1')).total).toBe(1);
  });

  test('bad or unknown book ids, books without a graph and unknown paragraphs', async () => {
    const get = (url: string) => client.json(url, { token });
    const paths = (book: string, paragraph = '3.1.3') => [
      `/api/graph/books/${book}/paragraphs/${paragraph}/related`,
      `/api/graph/books/${book}/paragraphs/${paragraph}`,
      `/api/graph/books/${book}/graph`,
      `/api/graph/books/${book}/pages/41/references`,
      `/api/graph/books/${book}/pages/41/terms`,
      `/api/graph/books/${book}/paragraphs?ids=${paragraph}`,
    ];
    for (const url of [...paths('abc'), ...paths('-1'), ...paths('0'), ...paths('1.5')]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body.message).toBe(GraphErrorMessage.invalidBookId);
    }
    for (const url of paths('999999')) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body.message).toBe(GraphErrorMessage.bookNotFound);
    }
    const withoutGraph = await withServerDb(server, (db) => insertBook(db, 'No graph yet'));
    for (const url of paths(String(withoutGraph))) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body.message).toBe(GraphErrorMessage.noGraph);
    }
    // A book still importing does not exist yet, graph or not. A graph held in memory is checked again
    // within a second (graph-cache.ts).
    await server.db.updateTable('book').set({ status: 'importing' }).where('id', '=', bookId).execute();
    try {
      for (const url of paths(String(bookId))) {
        await eventually(async () => ((await get(url)).status === 404 ? true : undefined), 2000);
      }
    } finally {
      await server.db.updateTable('book').set({ status: 'ready' }).where('id', '=', bookId).execute();
    }
    for (const url of paths(String(bookId), '9.9.9').slice(0, 2)) {
      const { status, body } = await get(url);
      expect(status, url).toBe(404);
      expect(body.message).toBe(GraphErrorMessage.paragraphNotFound);
    }
  });

  test("a page's references: down the page, each with its words, evidence and its target's place", async () => {
    const references = async (page: string) => {
      const { status, body } = await client.json(`/api/graph/books/${bookId}/pages/${page}/references`, {
        token,
      });
      return { status, body: body as unknown as PageReferences & { message?: string } };
    };
    const onPage41 = await references('41');
    expect(onPage41.status).toBe(200);
    expect(pageReferencesResponseSchema.parse(onPage41.body)).toEqual([
      {
        rect: SPANS[1]!.rect,
        text: 'Section 3.1',
        source: '3.1.2',
        target: '3.1.1',
        target_page: 40,
        target_y_start: 0.6847,
        evidence: 'link',
      },
      {
        rect: SPANS[0]!.rect,
        text: 'Proposition 3.4',
        source: '3.1.4',
        target: '3.1.3',
        target_page: 41,
        target_y_start: 0.5706,
        evidence: 'text',
      },
    ]);
    expect((await references('58')).body.map((span) => span.target)).toEqual(['3.1.1']);
    // A page of the book without references, and its last page.
    expect(await references('42')).toEqual({ status: 200, body: [] });
    expect((await references('357')).status).toBe(200);
    expect((await references('358')).body.message).toBe(GraphErrorMessage.pageNotFound);
    for (const page of ['0', '-1', '1.5', 'abc', '1e3']) {
      const { status, body } = await references(page);
      expect(status, page).toBe(400);
      expect(body.message).toBe(GraphErrorMessage.invalidPage);
    }
  });

  test("a page's defined terms: down the page, each with its definition's section and place", async () => {
    const terms = async (page: string) => {
      const { status, body } = await client.json(`/api/graph/books/${bookId}/pages/${page}/terms`, {
        token,
      });
      return { status, body: body as unknown as PageTerms & { message?: string } };
    };
    const onPage41 = await terms('41');
    expect(onPage41.status).toBe(200);
    expect(pageTermsResponseSchema.parse(onPage41.body)).toEqual([
      {
        rect: TERMS[1]!.rect,
        term: 'Zn',
        definition: '3.1.3',
        definition_section: '3.1',
        definition_page: 41,
        definition_y_start: 0.5706,
      },
      {
        rect: TERMS[0]!.rect,
        term: 'equivalence classes',
        definition: '3.1.1',
        definition_section: '3.1',
        definition_page: 40,
        definition_y_start: 0.6847,
      },
    ]);
    expect(await terms('58')).toEqual({ status: 200, body: [] });
    expect((await terms('357')).status).toBe(200);
    expect((await terms('358')).body.message).toBe(GraphErrorMessage.pageNotFound);
    for (const page of ['0', '-1', '1.5', 'abc', '1e3']) {
      const { status, body } = await terms(page);
      expect(status, page).toBe(400);
      expect(body.message).toBe(GraphErrorMessage.invalidPage);
    }
  });

  const summary = (source: string, related: string) =>
    client.json(`/api/graph/books/${bookId}/paragraphs/summary`, {
      token,
      body: { relationship_type: 'BACKGROUND', source_paragraph: source, related_paragraph: related },
    });

  test("a paragraph id whose prefix names another book is 404 on every route, as the book's own is 200", async () => {
    const other = `${bookId + 1}:3.1.3`;
    for (const paragraphId of [other, `x:3.1.3`, `:3.1.3`]) {
      for (const url of [
        `/api/graph/books/${bookId}/paragraphs/${paragraphId}/related`,
        `/api/graph/books/${bookId}/paragraphs/${paragraphId}`,
      ]) {
        const { status, body } = await client.json(url, { token });
        expect(status, url).toBe(404);
        expect(errorResponseSchema.parse(body).message, url).toBe(GraphErrorMessage.paragraphNotFound);
      }
    }
    const badSource = await summary(other, '3.1.2');
    expect(badSource.status).toBe(404);
    expect(errorResponseSchema.parse(badSource.body).message).toBe(GraphErrorMessage.sourceParagraphNotFound);
    const badRelated = await summary('3.1.3', `${bookId + 1}:3.1.2`);
    expect(badRelated.status).toBe(404);
    expect(errorResponseSchema.parse(badRelated.body).message).toBe(
      GraphErrorMessage.relatedParagraphNotFound,
    );

    const own = `${bookId}:3.1.3`;
    expect(
      (await client.json(`/api/graph/books/${bookId}/paragraphs/${own}/related`, { token })).status,
    ).toBe(200);
    expect((await client.json(`/api/graph/books/${bookId}/paragraphs/${own}`, { token })).status).toBe(200);
    expect((await summary(own, `${bookId}:3.1.2`)).status).toBe(200);
  });

  test("paragraphs' texts by id: in the order asked, prefixed or not, the unknown left out", async () => {
    const texts = async (ids: string) => {
      const { status, body } = await client.json(`/api/graph/books/${bookId}/paragraphs?ids=${ids}`, {
        token,
      });
      return { status, body };
    };
    const { status, body } = await texts(`3.2.1,${bookId}:3.1.2,9.9.9, 3.1.3`);
    expect(status, JSON.stringify(body)).toBe(200);
    const answer = paragraphTextsResponseSchema.parse(body);
    expect(answer.paragraphs.map((paragraph) => paragraph.id)).toEqual(['3.2.1', '3.1.2', '3.1.3']);
    // The same place and text as the related call gives for them.
    const fromRelated = (await related('3.1.3')).related.find((item) => item.node.id === '3.2.1')!.node;
    expect(answer.paragraphs[0]).toEqual(fromRelated);
    expect(answer.paragraphs[1]).toMatchObject({ page: 41, y_start: 0.1121, text: TEXT['3.1.2'] });
    // Another book's prefix names no paragraph here.
    expect(paragraphTextsResponseSchema.parse((await texts('999:3.1.2')).body).paragraphs).toEqual([]);

    const most = Array.from({ length: PARAGRAPH_TEXTS_MAX }, () => '3.1.2').join(',');
    expect((await texts(most)).status).toBe(200);
    for (const [ids, message] of [
      ['', 'ids/0: must not name an empty paragraph id'],
      ['3.1.2,,3.1.3', 'ids/1: must not name an empty paragraph id'],
      [`${most},3.1.2`, `ids: must name at most ${PARAGRAPH_TEXTS_MAX} paragraphs`],
    ] as const) {
      const refused = await texts(ids);
      expect(refused.status, ids.slice(0, 20)).toBe(400);
      expect(errorResponseSchema.parse(refused.body).message).toBe(message);
    }
    const unnamed = await client.json(`/api/graph/books/${bookId}/paragraphs`, { token });
    expect(unnamed.status).toBe(400);
    expect(errorResponseSchema.parse(unnamed.body).message).toMatch(/^ids: /);
  });

  test("a caption comes with its figure's band of the page, in the related and the texts answers", async () => {
    // A book of one page: text, a drawing with its caption below it, text.
    const book: BookDocument = {
      title: 'Figures',
      author: '',
      chapters: [
        {
          id: '1',
          title: 'One',
          sections: [
            {
              id: '1.1',
              title: 'One',
              paragraphs: [
                {
                  id: '1.1.1',
                  page: 3,
                  yStart: 0.1,
                  text: 'The mesh is shown in Figure 1.1.',
                  explicitRefs: [],
                },
                {
                  id: '1.1.2',
                  page: 3,
                  yStart: 0.55,
                  text: 'Figure 1.1: The mesh',
                  explicitRefs: [],
                  kind: 'caption',
                },
                {
                  id: '1.1.3',
                  page: 3,
                  yStart: 0.62,
                  text: 'The mesh points are equally spaced.',
                  explicitRefs: [],
                },
              ],
            },
          ],
        },
      ],
    };
    const figureBookId = await withServerDb(server, async (db) => {
      const id = await insertBook(db, 'Figures');
      const illustrates: GraphEdge = {
        source: '1.1.1',
        target: '1.1.2',
        type: 'ELABORATION',
        justification: 'Explicit reference: "in Figure 1.1"',
        score: 0.95,
        evidence: ['explicit'],
      };
      await replaceBookGraph(db, id, book, {
        edges: [illustrates],
        explicitRefs: new Map(),
        spans: [],
        terms: [],
      });
      return id;
    });
    const { status, body } = await client.json<RelatedParagraphsResponse>(
      `/api/graph/books/${figureBookId}/paragraphs/1.1.1/related`,
      { token },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const answer = relatedParagraphsResponseSchema.parse(body);
    expect(answer.related.map((item) => item.node)).toEqual([
      {
        id: '1.1.2',
        page: 3,
        y_start: 0.55,
        text: 'Figure 1.1: The mesh',
        figure: { top: 0.1, bottom: 0.62 },
      },
    ]);
    // Prose has no band.
    expect(answer.source_node).not.toHaveProperty('figure');
    const texts = await client.json(`/api/graph/books/${figureBookId}/paragraphs?ids=1.1.2,1.1.1`, { token });
    const placed = paragraphTextsResponseSchema.parse(texts.body).paragraphs;
    expect(placed[0]).toEqual(answer.related[0]!.node);
    expect(placed[1]).not.toHaveProperty('figure');
  });

  test('one paragraph: its place, text and explicit references', async () => {
    const { status, body } = await client.json(`/api/graph/books/${bookId}/paragraphs/3.1.2`, { token });
    expect(status).toBe(200);
    expect(paragraphDetailSchema.parse(body)).toEqual({
      id: '3.1.2',
      section: '3.1',
      chapter: '3',
      page: 41,
      y_start: 0.1121,
      text: TEXT['3.1.2'],
      // From the graph's references.
      explicit_refs: ['3.1.1'],
    });
    // No graph entry: the Book XML's own references.
    const third = await client.json(`/api/graph/books/${bookId}/paragraphs/3.1.3`, { token });
    expect(third.body.explicit_refs).toEqual(['3.1.2']);
    const none = await client.json(`/api/graph/books/${bookId}/paragraphs/3.2.1`, { token });
    expect(none.body.explicit_refs).toEqual([]);
  });

  test('the whole graph, or one chapter and/or section with the edges inside it', async () => {
    const graph = async (query = '') => {
      const { status, body } = await client.json(`/api/graph/books/${bookId}/graph${query}`, { token });
      expect(status, JSON.stringify(body)).toBe(200);
      return bookGraphResponseSchema.parse(body);
    };
    const whole = await graph();
    expect(whole.nodes).toHaveLength(7 + 1 + 26);
    expect(whole.edges).toHaveLength(9 + 26);
    expect(whole.nodes[0]).toEqual({ id: '3.1.1', section: '3.1', chapter: '3', page: 40, y_start: 0.6847 });
    expect(whole.nodes.map((node) => node.id).slice(0, 8)).toEqual([
      '3.1.1',
      '3.1.2',
      '3.1.3',
      '3.1.4',
      '3.2.1',
      '3.2.2',
      '3.2.3',
      '4.1.1',
    ]);
    expect(whole.edges).toContainEqual({
      source: '3.1.3',
      target: '3.1.2',
      type: 'BACKGROUND',
      justification: EDGE.E2.justification,
      score: 0.8,
    });

    const chapter3 = await graph('?chapter=3');
    expect(chapter3.nodes.map((node) => node.id)).toEqual([
      '3.1.1',
      '3.1.2',
      '3.1.3',
      '3.1.4',
      '3.2.1',
      '3.2.2',
      '3.2.3',
    ]);
    // E1..E8; E9 leaves the chapter (4.1.1 -> 3.1.1).
    expect(chapter3.edges).toHaveLength(8);
    expect(chapter3.edges.some((edge) => edge.source === '4.1.1')).toBe(false);

    const section31 = await graph('?section=3.1');
    expect(section31.nodes.map((node) => node.id)).toEqual(['3.1.1', '3.1.2', '3.1.3', '3.1.4']);
    expect(section31.edges.map((edge) => `${edge.source}>${edge.target}`).sort()).toEqual([
      '3.1.2>3.1.1',
      '3.1.3>3.1.2',
      '3.1.4>3.1.3',
    ]);

    const chapter4 = await graph('?chapter=4');
    expect(chapter4.nodes).toHaveLength(27);
    expect(chapter4.edges).toHaveLength(26);
    expect(await graph('?chapter=4&section=3.1')).toEqual({ nodes: [], edges: [] });
    expect(await graph('?chapter=9')).toEqual({ nodes: [], edges: [] });
  });

  test('the whole-book graph is made and compressed once per graph version, named by its ETag', async () => {
    const url = `/api/graph/books/${bookId}/graph`;
    const get = async (headers: Record<string, string>) => {
      const response = await client.fetch(url, { token, headers });
      const text = await response.text();
      return { response, body: text ? (JSON.parse(text) as unknown) : null };
    };
    const plain = await get({ 'accept-encoding': 'identity' });
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    const etag = plain.response.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const encoding of ['br', 'gzip']) {
      const { response, body } = await get({ 'accept-encoding': encoding });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('etag')).toBe(etag);
      expect(body).toEqual(plain.body);
    }
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(again.response.status).toBe(304);
    expect(again.body).toBeNull();

    const edges = graphOfBook().edges.filter((e) => e.source !== '4.1.1');
    try {
      await withServerDb(server, (db) =>
        replaceBookGraph(db, bookId, graphBook(), { ...graphOfBook(), edges }),
      );
      // Served once the server sees the new version, within a second (the graph cache's check).
      const rebuilt = await eventually(async () => {
        const answer = await get({ 'accept-encoding': 'br', 'if-none-match': etag! });
        return answer.response.status === 304 ? undefined : answer;
      }, 2000);
      expect(rebuilt.response.status).toBe(200);
      expect(rebuilt.response.headers.get('etag')).not.toBe(etag);
      expect((rebuilt.body as { edges: unknown[] }).edges).toHaveLength(edges.length);
    } finally {
      await withServerDb(server, (db) => replaceBookGraph(db, bookId, graphBook(), graphOfBook()));
    }
  });

  test('a replacement that fails half-way leaves the API serving the old graph', async () => {
    const before = await client.json(`/api/graph/books/${bookId}/graph`, { token });
    const relatedBefore = await related('3.1.3', '?max_distance=3');
    const broken: BookGraph = {
      ...graphOfBook(),
      edges: [...graphOfBook().edges, { ...EDGE.E1, target: '9.9.9' }],
    };
    await expect(
      withServerDb(server, (db) => replaceBookGraph(db, bookId, graphBook(), broken)),
    ).rejects.toThrow('Graph edge 3.1.2 -> 9.9.9: paragraph 9.9.9 is not in the book.');
    expect((await client.json(`/api/graph/books/${bookId}/graph`, { token })).body).toEqual(before.body);
    expect(await related('3.1.3', '?max_distance=3')).toEqual(relatedBefore);
  });

  test('a replaced graph is served within a second, whole', async () => {
    const before = await related('3.1.3', '?max_distance=3');
    const edges = graphOfBook().edges.filter((e) => e.source !== '3.1.3' && e.target !== '3.1.3');
    const fewer: BookGraph = { ...graphOfBook(), edges };
    try {
      await withServerDb(server, (db) => replaceBookGraph(db, bookId, graphBook(), fewer));
      const started = Date.now();
      let after = await related('3.1.3', '?max_distance=3');
      while (JSON.stringify(after) === JSON.stringify(before) && Date.now() - started < 3000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await related('3.1.3', '?max_distance=3');
      }
      expect(Date.now() - started).toBeLessThan(1500);
      expect(before.total).toBeGreaterThan(0);
      expect(after.total).toBe(0);
    } finally {
      await withServerDb(server, (db) => replaceBookGraph(db, bookId, graphBook(), graphOfBook()));
    }
  });
});

/** A book of `count` paragraphs (three to a section, two sections to a chapter) in reading order. */
function randomBook(count: number): BookDocument {
  const chapters: BookDocument['chapters'] = [];
  for (let i = 0; i < count; i++) {
    const [c, s, p] = [Math.floor(i / 6) + 1, (Math.floor(i / 3) % 2) + 1, (i % 3) + 1];
    if (p === 1 && s === 1) chapters.push({ id: String(c), title: `Chapter ${c}`, sections: [] });
    const chapter = chapters.at(-1)!;
    if (p === 1) chapter.sections.push({ id: `${c}.${s}`, title: '', paragraphs: [] });
    chapter.sections.at(-1)!.paragraphs.push({
      id: `${c}.${s}.${p}`,
      page: i + 1,
      yStart: 0.5,
      text: `Paragraph ${i}.`,
      explicitRefs: [],
    });
  }
  return { title: 'Random', author: '', chapters };
}

/** `count` edges between distinct pairs, scores from a few values so that many paths tie. */
function randomGraph(ids: string[], count: number, random: () => number): BookGraph {
  const types = ['BACKGROUND', 'ELABORATION', 'EXAMPLE', 'CONTRAST', 'RELATED'] as const;
  const scores = [0.3, 0.5, 0.6, 0.8, 1];
  const pairs = new Set<string>();
  const edges: GraphEdge[] = [];
  while (edges.length < count) {
    const [a, b] = [ids[Math.floor(random() * ids.length)]!, ids[Math.floor(random() * ids.length)]!];
    if (a === b || pairs.has(`${a}>${b}`) || pairs.has(`${b}>${a}`)) continue;
    pairs.add(`${a}>${b}`);
    edges.push({
      source: a,
      target: b,
      type: types[Math.floor(random() * types.length)]!,
      score: scores[Math.floor(random() * scores.length)]!,
      evidence: ['semantic'],
      justification: `${a} and ${b}.`,
    });
  }
  return { edges, explicitRefs: new Map(), spans: [], terms: [] };
}

/**
 * The ranking of docs/product.md §7 worked out the plain way, in memory: every paragraph within `maxDistance` hops at
 * the distance it is first reached, with the best product of scores at that distance; best first (score,
 * distance, book order); the first `limit`.
 */
function referenceRanking(
  ids: string[],
  graph: BookGraph,
  source: string,
  maxDistance: number,
  limit: number,
) {
  const around = new Map<string, { far: string; score: number }[]>();
  const link = (near: string, far: string, score: number) =>
    around.set(near, [...(around.get(near) ?? []), { far, score }]);
  for (const edge of graph.edges) {
    link(edge.source, edge.target, edge.score);
    link(edge.target, edge.source, edge.score);
  }
  const reached: [string, number, number][] = [];
  const visited = new Set([source]);
  let frontier = new Map([[source, 1]]);
  for (let distance = 1; distance <= maxDistance; distance++) {
    const next = new Map<string, number>();
    for (const [id, score] of frontier) {
      for (const { far, score: edgeScore } of around.get(id) ?? []) {
        if (!visited.has(far)) next.set(far, Math.max(next.get(far) ?? 0, score * edgeScore));
      }
    }
    for (const [id, score] of next) {
      visited.add(id);
      reached.push([id, score, distance]);
    }
    frontier = next;
  }
  const ord = (id: string) => ids.indexOf(id);
  return reached.sort((a, b) => b[1] - a[1] || a[2] - b[2] || ord(a[0]) - ord(b[0])).slice(0, limit);
}

describe('related paragraphs on a random graph', () => {
  let server: TestServer;
  let client: TestClient;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    client = new TestClient(server.baseUrl);
    token = await bearerToken(server);
  });
  afterAll(() => server.close());

  test('match the ranking worked out in memory, for every distance and limit', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const book = randomBook(60);
    const ids = book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs.map((p) => p.id)));
    const graph = randomGraph(ids, 150, random);
    const bookId = await withServerDb(server, async (db) => {
      const id = await insertBook(db, 'Random');
      await replaceBookGraph(db, id, book, graph);
      return id;
    });
    let cut = 0;
    for (const source of ids.filter((_, i) => i % 4 === 0)) {
      for (const maxDistance of [1, 2, 3]) {
        for (const limit of [1, 3, 10, 100]) {
          const { body } = await client.json<RelatedParagraphsResponse>(
            `/api/graph/books/${bookId}/paragraphs/${source}/related?max_distance=${maxDistance}&limit=${limit}&page_size=100`,
            { token },
          );
          const expected = referenceRanking(ids, graph, source, maxDistance, limit);
          const what = `${source} max_distance=${maxDistance} limit=${limit}`;
          expect(
            body.related.map((item) => [item.node.id, item.score, item.distance]),
            what,
          ).toEqual(expected);
          expect(body.total, what).toBe(expected.length);
          if (referenceRanking(ids, graph, source, maxDistance, Infinity).length > limit) cut++;
        }
      }
    }
    // Most answers leave paragraphs out, so the walk's pruning is at work.
    expect(cut).toBeGreaterThan(100);
  });

  test('a paragraph first reached over a weak link keeps that distance, whatever the limit', async () => {
    // 1.1.1 links to A, C, D strongly and to X weakly; X -> Y; A -> B -> Y strongly. Y is two hops away
    // (over X, 0.2), so its three-hop path over A and B (0.9) does not count, with any limit.
    const [S, A, B, C, D, X, Y] = ['1.1.1', '1.1.2', '1.1.3', '1.2.1', '1.2.2', '1.2.3', '2.1.1'];
    const link = (source: string, target: string, score: number): GraphEdge => ({
      source,
      target,
      type: 'RELATED',
      score,
      evidence: ['semantic'],
      justification: `${source} and ${target}.`,
    });
    const edges = [
      link(S, A!, 0.9),
      link(S, C!, 0.8),
      link(S, D!, 0.7),
      link(S, X!, 0.2),
      link(X!, Y!, 1),
      link(A!, B!, 1),
      link(B!, Y!, 1),
    ];
    const bookId = await withServerDb(server, async (db) => {
      const id = await insertBook(db, 'Weak link');
      await replaceBookGraph(db, id, randomBook(7), { edges, explicitRefs: new Map(), spans: [], terms: [] });
      return id;
    });
    const ranking = async (limit: number) => {
      const { body } = await client.json<RelatedParagraphsResponse>(
        `/api/graph/books/${bookId}/paragraphs/${S}/related?max_distance=3&limit=${limit}`,
        { token },
      );
      return body.related.map((item) => [item.node.id, item.score, item.distance]);
    };
    const all = [
      [A, 0.9, 1],
      [B, 0.9, 2],
      [C, 0.8, 1],
      [D, 0.7, 1],
      [X, 0.2, 1],
      [Y, 0.2, 2],
    ];
    expect(await ranking(10)).toEqual(all);
    for (const limit of [1, 2, 3, 4, 5])
      expect(await ranking(limit), `limit=${limit}`).toEqual(all.slice(0, limit));
  });
});
