import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookGraphResponse, RelatedParagraphsResponse } from '@threadbook/contracts';
import { AuthenticationError, setTokenSource } from '../../../lib/api.ts';
import { fetchBookGraph, fetchRelated, fetchSummary, RELATED_QUERY } from './api.ts';

type Answer = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Stubs fetch with one answer for every call; the calls are on the returned mock. */
function serve(answer: Answer) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => answer(init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URL, method, headers and body of call `index`. */
function call(fetchMock: ReturnType<typeof serve>, index = 0) {
  const [input, init] = fetchMock.mock.calls[index] ?? [];
  const headers = new Headers(init?.headers);
  return {
    url: String(input),
    method: init?.method ?? 'GET',
    authorization: headers.get('Authorization'),
    contentType: headers.get('Content-Type'),
    body: init?.body,
    signal: init?.signal,
  };
}

const serverError = () =>
  new Response('{"error":"boom"}', { status: 500, statusText: 'Internal Server Error' });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

const GRAPH: BookGraphResponse = {
  nodes: [
    { id: '3.2.1', section: '3.2', chapter: '3', page: 41, y_start: 0.1 },
    { id: '3.2.4', section: '3.2', chapter: '3', page: 42, y_start: 0.08 },
  ],
  edges: [{ source: '3.2.4', target: '3.2.1', type: 'BACKGROUND', justification: 'Definition.', score: 0.9 }],
};

const RELATED: RelatedParagraphsResponse = {
  source_node: { id: '3.2.4', page: 42, y_start: 0.08, text: 'A homomorphism preserves the operation.' },
  related: [
    {
      relationship_type: 'BACKGROUND',
      node: { id: '3.2.1', page: 41, y_start: 0.1, text: 'A group is a set with an operation.' },
      justification: 'Uses the definition of a group.',
      score: 0.9,
      distance: 1,
    },
  ],
  total: 1,
  page: 1,
  page_size: 20,
  total_pages: 1,
};

const SUMMARY_REQUEST = {
  relationship_type: 'BACKGROUND',
  source_paragraph: '3.2.4',
  related_paragraph: '3.2.1',
} as const;

describe('graph API calls', () => {
  let warn: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    setTokenSource({ getIdToken: async () => 'id-token' });
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setTokenSource({ getIdToken: async () => null });
  });

  describe('fetchBookGraph', () => {
    it("GETs the book's graph with the bearer token and answers it", async () => {
      const fetchMock = serve(() => Response.json(GRAPH));
      await expect(fetchBookGraph(12)).resolves.toEqual(GRAPH);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(call(fetchMock)).toMatchObject({
        url: '/api/graph/books/12/graph',
        method: 'GET',
        authorization: 'Bearer id-token',
      });
    });

    it('passes the abort signal on to fetch', async () => {
      const fetchMock = serve(() => Response.json(GRAPH));
      const controller = new AbortController();
      await fetchBookGraph(12, controller.signal);
      expect(call(fetchMock).signal).toBe(controller.signal);
    });

    it('answers null on a non-OK status, and logs it', async () => {
      serve(serverError);
      await expect(fetchBookGraph(12)).resolves.toBeNull();
      expect(warn).toHaveBeenCalledWith(
        'graph call /api/graph/books/12/graph failed:',
        'Request failed: 500 Internal Server Error',
      );
    });

    it('answers null when the answer has the wrong shape', async () => {
      serve(() => Response.json({ nodes: 'none', edges: [] }));
      await expect(fetchBookGraph(12)).resolves.toBeNull();
      expect(warn).toHaveBeenCalledWith(
        'graph call /api/graph/books/12/graph answered in an unexpected shape',
      );
    });

    it('answers null when the answer is not JSON at all (a wrongly shaped answer, not a network failure)', async () => {
      serve(() => new Response('<!doctype html><title>Threadbook</title>', { status: 200 }));
      await expect(fetchBookGraph(12)).resolves.toBeNull();
    });

    it('throws when the call cannot be made (network failure)', async () => {
      serve(networkDown);
      await expect(fetchBookGraph(12)).rejects.toThrow(new TypeError('Failed to fetch'));
    });

    it('throws when the session is gone (401 even with a fresh token)', async () => {
      const fetchMock = serve(() => new Response('{}', { status: 401, statusText: 'Unauthorized' }));
      await expect(fetchBookGraph(12)).rejects.toBeInstanceOf(AuthenticationError);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });

  describe('fetchRelated', () => {
    it('sends max_distance=1&limit=10&page=1&page_size=20', () => {
      expect(RELATED_QUERY).toBe('max_distance=1&limit=10&page=1&page_size=20');
    });

    it("GETs the paragraph's related paragraphs with the reader's query and answers them", async () => {
      const fetchMock = serve(() => Response.json(RELATED));
      await expect(fetchRelated(12, '3.2.4')).resolves.toEqual(RELATED);
      expect(call(fetchMock)).toMatchObject({
        url: '/api/graph/books/12/paragraphs/3.2.4/related?max_distance=1&limit=10&page=1&page_size=20',
        method: 'GET',
        authorization: 'Bearer id-token',
      });
    });

    it('encodes a book-prefixed paragraph id into the path', async () => {
      const fetchMock = serve(() => Response.json(RELATED));
      await fetchRelated(12, '12:3.2.4');
      expect(call(fetchMock).url).toBe(
        '/api/graph/books/12/paragraphs/12%3A3.2.4/related?max_distance=1&limit=10&page=1&page_size=20',
      );
    });

    it('answers null on a non-OK status', async () => {
      serve(() => new Response('{}', { status: 404, statusText: 'Not Found' }));
      await expect(fetchRelated(12, '3.2.4')).resolves.toBeNull();
    });

    it('answers null when an item has an unknown relationship type', async () => {
      const wrong = { ...RELATED, related: [{ ...RELATED.related[0], relationship_type: 'CAUSES' }] };
      serve(() => Response.json(wrong));
      await expect(fetchRelated(12, '3.2.4')).resolves.toBeNull();
    });

    it('throws on a network failure', async () => {
      serve(networkDown);
      await expect(fetchRelated(12, '3.2.4')).rejects.toThrow('Failed to fetch');
    });
  });

  describe('fetchSummary', () => {
    it('POSTs the relationship as JSON and answers the summary text', async () => {
      const fetchMock = serve(() =>
        Response.json({ summary: '  3.2.4 builds on the definition of a group in 3.2.1.\n' }),
      );
      await expect(fetchSummary(12, SUMMARY_REQUEST)).resolves.toBe(
        '3.2.4 builds on the definition of a group in 3.2.1.',
      );
      const sent = call(fetchMock);
      expect(sent).toMatchObject({
        url: '/api/graph/books/12/paragraphs/summary',
        method: 'POST',
        authorization: 'Bearer id-token',
        contentType: 'application/json',
      });
      expect(JSON.parse(String(sent.body))).toEqual({
        relationship_type: 'BACKGROUND',
        source_paragraph: '3.2.4',
        related_paragraph: '3.2.1',
      });
    });

    it('answers null for an empty or blank summary', async () => {
      serve(() => Response.json({ summary: '' }));
      await expect(fetchSummary(12, SUMMARY_REQUEST)).resolves.toBeNull();
      serve(() => Response.json({ summary: ' \n ' }));
      await expect(fetchSummary(12, SUMMARY_REQUEST)).resolves.toBeNull();
    });

    it('answers null on a non-OK status', async () => {
      serve(() => new Response('{}', { status: 429, statusText: 'Too Many Requests' }));
      await expect(fetchSummary(12, SUMMARY_REQUEST)).resolves.toBeNull();
    });

    it('answers null when the answer has no summary', async () => {
      serve(() => Response.json({ text: 'It builds on it.' }));
      await expect(fetchSummary(12, SUMMARY_REQUEST)).resolves.toBeNull();
    });

    it('throws on a network failure', async () => {
      serve(networkDown);
      await expect(fetchSummary(12, SUMMARY_REQUEST)).rejects.toThrow('Failed to fetch');
    });
  });
});
