import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  bookGraphResponseSchema,
  bookListSchema,
  bookMetadataSchema,
  relatedParagraphsResponseSchema,
  type BookGraphResponse,
  type BookMetadata,
  type RelatedParagraphsResponse,
} from '@threadbook/contracts';
import {
  createAccount,
  expect,
  sharedBookPdf,
  SHARED_BOOKS,
  signInNewAccount,
  type SharedBookName,
  type SharedBooks,
  type WorkerEnv,
} from './fixtures.ts';

/**
 * What the reader tests share: reaching a book once its import is done, the drawn pages, the graph API
 * with the page's own session, and the paragraph and relationship names the reader shows (docs/product.md §2, §3),
 * written out here from the spec rather than taken from the app.
 */

/** Every worker's server imports the bundled sample textbook in the background on its first start. */
export const SAMPLE_TITLE = 'Networks and Graphs: A Gentle Introduction';

/** The server the page is on (an extra server's too), or '' (the test's baseURL) before any navigation. */
export function originOf(page: Page): string {
  const url = page.url();
  return url.startsWith('http') ? new URL(url).origin : '';
}

/** Bearer headers for the product API, from the page's own session (`/api/auth/token`). */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const answer = await page.request.get(`${originOf(page)}/api/auth/token`);
  expect(answer.ok(), `GET /api/auth/token answered ${answer.status()}`).toBe(true);
  const { token } = (await answer.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** The metadata of the book titled `title` on the page's server, once its import has finished. */
export async function waitForBook(page: Page, title: string, timeout = 120_000): Promise<BookMetadata> {
  let metadata: BookMetadata | undefined;
  await expect(async () => {
    const headers = await apiHeaders(page);
    const list = await page.request.get(`${originOf(page)}/api/books/`, { headers });
    const book = bookListSchema.parse(await list.json()).find((item) => item.title === title);
    expect(book, `the book '${title}' is not imported yet`).toBeDefined();
    const answer = await page.request.get(`${originOf(page)}/api/books/${book!.id}/metadata`, { headers });
    metadata = bookMetadataSchema.parse(await answer.json());
  }).toPass({ timeout, intervals: [500, 1000] });
  return metadata!;
}

/** The sample book's metadata, with the page's own session, once the sample import has finished. */
export function waitForSample(page: Page): Promise<BookMetadata> {
  return waitForBook(page, SAMPLE_TITLE);
}

/**
 * A new account on the worker's server, signed in (its session in the page's cookies, fixtures.ts
 * createAccount), and the sample book's metadata once imported; the page has not navigated yet.
 */
export async function signInAndWaitForSample(
  page: Page,
  env: WorkerEnv,
  baseURL: string,
): Promise<BookMetadata> {
  await createAccount(page.request, baseURL, env.nextEmail());
  return waitForSample(page);
}

/** A page of the viewer, once drawn (canvas painted and text layer filled). */
export function drawnPage(page: Page, pageNumber: number) {
  return page.locator(`.pdf-page[data-page-number="${pageNumber}"][data-painted="true"]`);
}

/** Whether the canvas has any non-white pixel: a drawn page, not a blank one. */
export async function canvasHasInk(page: Page, pageNumber: number): Promise<boolean> {
  return (await inkOf(drawnPage(page, pageNumber).locator('canvas'), 200)) > 0;
}

/** A laid-out element's box. */
export async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

/** An element's box once it has stopped moving: the same in two reads 250 ms apart. */
export async function steadyBox(locator: Locator) {
  let last = await box(locator);
  await expect
    .poll(
      async () => {
        const now = await box(locator);
        const same = now.x === last.x && now.y === last.y;
        last = now;
        return same;
      },
      { intervals: [250] },
    )
    .toBe(true);
  return last;
}

/** How many pixels of a canvas are ink: every channel below `below` (dark print on a light page). */
export async function inkOf(canvasLocator: Locator, below = 128): Promise<number> {
  return canvasLocator.evaluate((element, limit) => {
    // e2e code is typed without the DOM library: the little of a canvas this needs.
    const canvas = element as unknown as {
      width: number;
      height: number;
      getContext(kind: '2d'): { getImageData(...box: number[]): { data: Uint8ClampedArray } } | null;
    };
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i]! < limit && data[i + 1]! < limit && data[i + 2]! < limit) ink++;
    }
    return ink;
  }, below);
}

/** The toolbar's page input. */
export function pageInput(page: Page) {
  return page.getByRole('textbox', { name: 'Page number' });
}

/**
 * aata's page labels: eight sheets of front matter (i..viii), then its page 1. The toolbar shows a page's
 * label, and the physical page beside the total.
 */
const AATA_FRONT_MATTER = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii'];
export const aataLabel = (physical: number) =>
  AATA_FRONT_MATTER[physical - 1] ?? String(physical - AATA_FRONT_MATTER.length);

/**
 * The page labels of a shared book's PDF as pdf.js reads them (the labels the toolbar shows): a function
 * from the physical page to its label, the page's number where the PDF gives none.
 */
export async function sharedBookLabels(name: SharedBookName): Promise<(physical: number) => string> {
  const task = getDocument({ data: new Uint8Array(readFileSync(sharedBookPdf(name))), verbosity: 0 });
  try {
    const labels = await (await task.promise).getPageLabels();
    return (physical) => labels?.[physical - 1]?.trim() || String(physical);
  } finally {
    await task.destroy();
  }
}

/**
 * A new account on the worker's server for the shared book `name` (imported once per worker), signed in
 * and on its library (the page's origin is that server's), and the book's metadata once its import has
 * finished.
 */
export async function signInToSharedBook(
  page: Page,
  env: WorkerEnv,
  sharedBooks: SharedBooks,
  name: SharedBookName,
): Promise<BookMetadata> {
  const server = await sharedBooks.server(name);
  await signInNewAccount(page, server.baseURL, env.nextEmail());
  return waitForBook(page, SHARED_BOOKS[name].title, 150_000);
}

/**
 * Turns to `pageNumber` with the page input (not a recorded jump) and waits for the page to be drawn. In a
 * book with page labels the input takes and shows the page's `label`.
 */
export async function turnToPage(page: Page, pageNumber: number, label = String(pageNumber)): Promise<void> {
  const input = pageInput(page);
  await input.fill(label);
  await input.press('Enter');
  await expect(input).toHaveValue(label);
  await expect(drawnPage(page, pageNumber)).toBeVisible();
}

/** Opens book `bookId` in the reader and waits for page 1 to be drawn. */
export async function openReader(page: Page, bookId: number): Promise<void> {
  await page.goto(`${originOf(page)}/reader/${bookId}`);
  await expect(drawnPage(page, 1)).toBeVisible();
}

/** Opens the sample book for a new account, at page 1 drawn. */
export async function openSample(page: Page, env: WorkerEnv, baseURL: string): Promise<BookMetadata> {
  const sample = await signInAndWaitForSample(page, env, baseURL);
  await openReader(page, sample.id);
  return sample;
}

/** GET /api/graph/books/{id}/graph with the page's session. */
export async function fetchGraph(page: Page, bookId: number): Promise<BookGraphResponse> {
  const answer = await page.request.get(`${originOf(page)}/api/graph/books/${bookId}/graph`, {
    headers: await apiHeaders(page),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return bookGraphResponseSchema.parse(await answer.json());
}

/** The related call exactly as the reader makes it (docs/product.md §7, §9: max_distance 1, limit 10, page 1 of 20). */
export function relatedPath(bookId: number, paragraphId: string): string {
  return `/api/graph/books/${bookId}/paragraphs/${encodeURIComponent(paragraphId)}/related?max_distance=1&limit=10&page=1&page_size=20`;
}

/** The panel's call for the texts of paragraphs `ids`, ranked from the graph the reader holds. */
export function paragraphTextsPath(bookId: number, ids: readonly string[]): string {
  return `/api/graph/books/${bookId}/paragraphs?ids=${ids.map(encodeURIComponent).join(',')}`;
}

export async function fetchRelated(
  page: Page,
  bookId: number,
  paragraphId: string,
): Promise<RelatedParagraphsResponse> {
  const answer = await page.request.get(`${originOf(page)}${relatedPath(bookId, paragraphId)}`, {
    headers: await apiHeaders(page),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return relatedParagraphsResponseSchema.parse(await answer.json());
}

/** docs/product.md §3: 'section.paragraph' is shown as 'Section X, Paragraph N'; with no dot, 'Paragraph X'. */
export function paragraphLabel(id: string): string {
  const bare = id.replace(/^\d+:/, '');
  const dot = bare.lastIndexOf('.');
  return dot > 0 && dot < bare.length - 1
    ? `Section ${bare.slice(0, dot)}, Paragraph ${bare.slice(dot + 1)}`
    : `Paragraph ${bare}`;
}

/** How the reader names a relationship type (the tooltip's Background/Elaboration/Example/Contrast/Related). */
export const TYPE_LABEL: Record<string, string> = {
  BACKGROUND: 'Background',
  ELABORATION: 'Elaboration',
  EXAMPLE: 'Example',
  CONTRAST: 'Contrast',
  RELATED: 'Related',
};

/** docs/product.md §2: the panel's groups, in order; Background and Elaboration in either case, everything else Other. */
export function groupTitleOf(type: string): 'Background' | 'Elaboration' | 'Other Relationships' {
  if (type.toUpperCase() === 'BACKGROUND') return 'Background';
  if (type.toUpperCase() === 'ELABORATION') return 'Elaboration';
  return 'Other Relationships';
}
export const GROUP_TITLES = ['Background', 'Elaboration', 'Other Relationships'] as const;

/** One relationship of a paragraph as its anchor's tooltip should list it. */
export interface ExpectedRelationship {
  type: string;
  /** 'Section X' or 'Unknown Section'. */
  section: string;
  justification: string;
  far: string;
}

/**
 * From the graph API: per paragraph with at least one relationship, its relationships seen from it (an
 * edge's type is inverted seen from its target: Background <-> Elaboration), and where it sits.
 */
export function relationshipsOf(graph: BookGraphResponse) {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const inverse = (type: string) =>
    type === 'BACKGROUND' ? 'ELABORATION' : type === 'ELABORATION' ? 'BACKGROUND' : type;
  const sectionOf = (id: string) => {
    const section = nodes.get(id)?.section.trim();
    return section ? `Section ${section}` : 'Unknown Section';
  };
  const byParagraph = new Map<string, ExpectedRelationship[]>();
  const add = (near: string, relationship: ExpectedRelationship) =>
    byParagraph.set(near, [...(byParagraph.get(near) ?? []), relationship]);
  for (const edge of graph.edges) {
    if (edge.source === edge.target) continue;
    const justification = edge.justification.trim() || 'No justification provided';
    add(edge.source, { type: edge.type, section: sectionOf(edge.target), justification, far: edge.target });
    add(edge.target, {
      type: inverse(edge.type),
      section: sectionOf(edge.source),
      justification,
      far: edge.source,
    });
  }
  /** The paragraphs of `pageNumber` that have relationships (the anchors it should show). */
  const anchorsOn = (pageNumber: number) =>
    graph.nodes.filter((node) => node.page === pageNumber && byParagraph.has(node.id));
  return { nodes, byParagraph, anchorsOn };
}
