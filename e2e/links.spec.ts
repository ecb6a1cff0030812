import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { parseBookXml, type BookParagraph } from '@threadbook/book';
import { pageReferencesResponseSchema, type PageReference } from '@threadbook/contracts';
import { checkScreen, expect, SHARED_BOOKS, skipWithoutCorpus, test } from './support/fixtures.ts';
import {
  aataLabel,
  apiHeaders,
  drawnPage,
  fetchGraph,
  openReader,
  openSample,
  originOf,
  pageInput,
  paragraphLabel,
  sharedBookLabels,
  signInToSharedBook,
  turnToPage,
} from './support/reader.ts';

/**
 * Links and reference previews (issue 15): pdf.js links on the drawn pages (internal ones jump through the
 * navigation history, external ones open a new tab), and previews of a reference's target on hover, focus
 * or tap. Which references to use is read from the book's reference spans, never written in here.
 */

test.describe.configure({ timeout: 120_000 });

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** GET .../pages/{page}/references with the page's session. */
async function fetchReferences(page: Page, bookId: number, pageNumber: number): Promise<PageReference[]> {
  const answer = await page.request.get(
    `${originOf(page)}/api/graph/books/${bookId}/pages/${pageNumber}/references`,
    { headers: await apiHeaders(page) },
  );
  expect(answer.status(), await answer.text()).toBe(200);
  return pageReferencesResponseSchema.parse(await answer.json());
}

/** The first page from `from` with a linked reference to another page, and that reference. */
async function findLinkedReference(
  page: Page,
  bookId: number,
  from: number,
  to: number,
): Promise<{ pageNumber: number; span: PageReference }> {
  for (let pageNumber = from; pageNumber <= to; pageNumber++) {
    const spans = await fetchReferences(page, bookId, pageNumber);
    const span = spans.find(
      (item) => item.evidence === 'link' && item.target_page !== pageNumber && item.rect.w > 0.02,
    );
    if (span) return { pageNumber, span };
  }
  throw new Error(`no linked reference to another page on pages ${from}-${to}`);
}

/** The paragraphs of the book's XML (GET /api/books/{id}/files/book.xml) by id. */
async function fetchParagraphs(page: Page, bookId: number): Promise<Map<string, BookParagraph>> {
  const answer = await page.request.get(`${originOf(page)}/api/books/${bookId}/files/book.xml`, {
    headers: await apiHeaders(page),
  });
  expect(answer.status()).toBe(200);
  const book = parseBookXml(await answer.text());
  return new Map(
    book.chapters.flatMap((chapter) =>
      chapter.sections.flatMap((section) => section.paragraphs.map((paragraph) => [paragraph.id, paragraph])),
    ),
  );
}

const sameRect = (a: Rect, b: Rect) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/**
 * The first page with a reference found in its text (no link) that names one numbered statement ("Lemma
 * 1") on another page: the only span over its words, so it has one target.
 */
async function findUnlinkedReference(
  page: Page,
  bookId: number,
  pageCount: number,
): Promise<{ pageNumber: number; span: PageReference }> {
  for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) {
    const spans = await fetchReferences(page, bookId, pageNumber);
    const span = spans.find(
      (item) =>
        item.evidence === 'text' &&
        /^[A-Z][a-z]+ \d+$/.test(item.text) &&
        item.target_page !== pageNumber &&
        spans.filter((other) => sameRect(other.rect, item.rect)).length === 1,
    );
    if (span) return { pageNumber, span };
  }
  throw new Error('no unlinked reference to one statement on another page');
}

// e2e code is typed without the DOM library: the little of it that reading the text layer needs.
interface InPageRect {
  left: number;
  top: number;
  width: number;
  height: number;
}
interface InPageNode {
  textContent: string | null;
}
interface InPageElement {
  ownerDocument: {
    createTreeWalker(root: InPageElement, show: number): { nextNode(): InPageNode | null };
    createRange(): {
      setStart(node: InPageNode, offset: number): void;
      setEnd(node: InPageNode, offset: number): void;
      getBoundingClientRect(): InPageRect;
    };
  };
  getBoundingClientRect(): InPageRect;
  querySelector(selector: string): InPageElement | null;
  querySelectorAll(selector: string): Iterable<InPageElement>;
}

/**
 * What the drawn page shows over `rect` (fractions of the page): the text layer's letters on its line that
 * reach into it (pdf.js stretches a line's text to its printed width, so a letter's box is only near its
 * glyph), whitespace collapsed, and how many of pdf.js's links overlap it.
 */
async function drawnOver(
  page: Page,
  pageNumber: number,
  rect: Rect,
): Promise<{ words: string; links: number }> {
  return drawnPage(page, pageNumber).evaluate((element, rect) => {
    const pageElement = element as unknown as InPageElement;
    const box = pageElement.getBoundingClientRect();
    const across = (r: InPageRect) =>
      (r.left + r.width - box.left) / box.width > rect.x && (r.left - box.left) / box.width < rect.x + rect.w;
    const overlaps = (r: InPageRect) =>
      across(r) &&
      (r.top + r.height - box.top) / box.height > rect.y &&
      (r.top - box.top) / box.height < rect.y + rect.h;
    // A letter is on the words' line when its middle is (a line's box reaches into the next one's).
    const onLine = (r: InPageRect) => {
      const middle = (r.top + r.height / 2 - box.top) / box.height;
      return across(r) && middle >= rect.y && middle <= rect.y + rect.h;
    };
    const layer = pageElement.querySelector('.textLayer')!;
    const SHOW_TEXT = 4;
    const walker = pageElement.ownerDocument.createTreeWalker(layer, SHOW_TEXT);
    const range = pageElement.ownerDocument.createRange();
    let words = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        if (r.width > 0 && onLine(r)) words += text[i];
      }
    }
    const links = [...pageElement.querySelectorAll('.annotationLayer a')].filter((link) =>
      overlaps(link.getBoundingClientRect()),
    ).length;
    return { words: words.replace(/\s+/g, ' ').trim(), links };
  }, rect);
}

/** The drawn internal link of page `pageNumber` whose box overlaps `rect` (fractions of the page) most. */
async function linkOver(page: Page, pageNumber: number, rect: Rect): Promise<Locator> {
  const pageBox = (await drawnPage(page, pageNumber).boundingBox())!;
  const links = drawnPage(page, pageNumber).locator('.annotationLayer section[data-internal-link] > a');
  await expect(links.first()).toBeAttached();
  let best = -1;
  let bestArea = 0;
  for (const [index, link] of (await links.all()).entries()) {
    const box = await link.boundingBox();
    if (!box) continue;
    const x = (box.x - pageBox.x) / pageBox.width;
    const y = (box.y - pageBox.y) / pageBox.height;
    const w = Math.min(x + box.width / pageBox.width, rect.x + rect.w) - Math.max(x, rect.x);
    const h = Math.min(y + box.height / pageBox.height, rect.y + rect.h) - Math.max(y, rect.y);
    if (w > 0 && h > 0 && w * h > bestArea) {
      best = index;
      bestArea = w * h;
    }
  }
  expect(best, `a drawn link over ${JSON.stringify(rect)} on page ${pageNumber}`).toBeGreaterThanOrEqual(0);
  return links.nth(best);
}

/** The label a preview names its target by: the reference's words, else the paragraph's label. */
const labelOf = (span: PageReference) => span.text.trim() || paragraphLabel(span.target);

function preview(page: Page) {
  return page.locator('.reference-preview[role="tooltip"]');
}

/** The preview of `span`'s target; its page named as the toolbar names pages (`pageLabel`, e.g. aata's). */
async function expectPreviewOf(
  page: Page,
  span: PageReference,
  pageLabel: (physical: number) => string = String,
): Promise<void> {
  const shown = preview(page);
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAttribute('data-target', span.target);
  await expect(shown).toHaveAttribute('data-drawn', 'true');
  await expect(shown).toContainText(`${labelOf(span)} · Page ${pageLabel(span.target_page)}`);
}

/** The sample book open at a page with a drawn link of a found reference: the book, the page, the span, the link. */
async function openLinkedReference(...[page, env, baseURL]: Parameters<typeof openSample>) {
  const sample = await openSample(page, env, baseURL);
  const { pageNumber, span } = await findLinkedReference(page, sample.id, 2, sample.pageCount);
  await turnToPage(page, pageNumber);
  return { sample, pageNumber, span, link: await linkOver(page, pageNumber, span.rect) };
}

test.describe('links and reference previews: the sample book', () => {
  test('hovering a link previews its target; clicking it jumps and Back returns', async ({
    page,
    env,
    baseURL,
  }) => {
    const { pageNumber, span, link } = await openLinkedReference(page, env, baseURL!);

    await link.hover();
    await expectPreviewOf(page, span);
    // The pointer leaving closes it (after a grace period), Escape at once.
    await page.mouse.move(2, 2);
    await expect(preview(page)).toHaveCount(0);
    await link.hover();
    await expectPreviewOf(page, span);
    await page.keyboard.press('Escape');
    await expect(preview(page)).toHaveCount(0);

    await link.click();
    await expect(pageInput(page)).toHaveValue(String(span.target_page));
    await expect(drawnPage(page, span.target_page)).toBeVisible();
    await page.getByRole('button', { name: 'Undo navigation' }).click();
    await expect(pageInput(page)).toHaveValue(String(pageNumber));
  });

  test("a preview comes from the page's image on the server when pdf.js has not its data", async ({
    page,
    env,
    baseURL,
  }) => {
    const { sample, span, link } = await openLinkedReference(page, env, baseURL!);
    // From now on the PDF's bytes do not come: what pdf.js has not loaded yet, it cannot draw.
    await page.route(`**/api/books/${sample.id}/files/book.pdf`, () => undefined);
    // The image is asked for at once, beside pdf.js's drawing; on a loaded machine pdf.js, which may have
    // this small book's data already, can draw first, so its answer is awaited rather than looked up.
    const image = page.waitForResponse((response) =>
      response.url().includes(`/api/books/${sample.id}/pages/${span.target_page}/image?`),
    );
    await link.hover();
    await expectPreviewOf(page, span);
    expect((await image).status()).toBe(200);
  });

  test('a page the student rests on has the pages its references lead to drawn ahead on the server', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await openSample(page, env, baseURL!);
    const { pageNumber } = await findLinkedReference(page, sample.id, 2, sample.pageCount);
    const spans = await fetchReferences(page, sample.id, pageNumber);
    const targets = [...new Set(spans.map((span) => span.target_page))].filter((to) => to !== pageNumber);
    const asked = page.waitForRequest(
      (sent) =>
        sent.method() === 'POST' &&
        sent.url().endsWith(`/api/books/${sample.id}/page-images`) &&
        (sent.postDataJSON() as { pages: number[] }).pages.includes(targets[0]!),
    );
    await turnToPage(page, pageNumber);
    const prepared = await asked;
    const { pages, width } = prepared.postDataJSON() as { pages: number[]; width: number };
    expect(pages.toSorted((a, b) => a - b)).toEqual(targets.toSorted((a, b) => a - b).slice(0, 16));
    expect((await prepared.response())?.status()).toBe(202);
    // Drawn and kept beside the book, before any preview asks for them.
    const kept = (to: number) =>
      existsSync(path.join(env.server.dataDir, 'books', String(sample.id), 'pages', `${to}-${width}.webp`));
    await expect.poll(() => targets.filter(kept), { timeout: 30_000 }).toEqual(targets.slice(0, 16));
  });

  test('clicking the preview jumps to its target', async ({ page, env, baseURL }) => {
    const { pageNumber, span, link } = await openLinkedReference(page, env, baseURL!);
    await link.hover();
    await expectPreviewOf(page, span);
    await preview(page).hover();
    await preview(page).click();
    await expect(pageInput(page)).toHaveValue(String(span.target_page));
    await expect(preview(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo navigation' }).click();
    await expect(pageInput(page)).toHaveValue(String(pageNumber));
  });

  test('an unlinked reference (a span the server found in the text) previews by hover and keyboard', async ({
    page,
    env,
    baseURL,
  }) => {
    // The sample book links every reference: one of its linked spans is served as a text one, moved off
    // its link, so the reader must give it a hit area of its own.
    const sample = await openSample(page, env, baseURL!);
    const { pageNumber, span } = await findLinkedReference(page, sample.id, 2, sample.pageCount);
    const unlinked: PageReference = {
      ...span,
      evidence: 'text',
      text: 'Stubbed reference',
      rect: { x: 0.1, y: 0.02, w: 0.2, h: 0.02 },
    };
    await page.route(`**/api/graph/books/${sample.id}/pages/${pageNumber}/references`, (route) =>
      route.fulfill({ json: [unlinked] }),
    );
    await turnToPage(page, pageNumber);
    const button = drawnPage(page, pageNumber).getByRole('button', { name: 'Preview: Stubbed reference' });
    await button.hover();
    await expectPreviewOf(page, unlinked);
    await page.keyboard.press('Escape');
    await expect(preview(page)).toHaveCount(0);
    await page.mouse.move(2, 2);

    // By keyboard: focus shows it, Enter jumps, Back returns.
    await button.focus();
    await expectPreviewOf(page, unlinked);
    await page.keyboard.press('Enter');
    await expect(pageInput(page)).toHaveValue(String(span.target_page));
    await page.getByRole('button', { name: 'Undo navigation' }).click();
    await expect(pageInput(page)).toHaveValue(String(pageNumber));
  });

  test('a link previews by keyboard: focus shows it, Enter follows it', async ({
    page,
    env,
    baseURL,
  }, testInfo) => {
    const { span, link } = await openLinkedReference(page, env, baseURL!);
    await link.focus();
    await expectPreviewOf(page, span);
    // Every link has a name (its words, else where it goes) and the preview passes axe-core.
    await expect(link).toHaveAccessibleName(/\S/);
    await checkScreen(page, testInfo, 'reader-reference-preview');
    await page.keyboard.press('Enter');
    await expect(pageInput(page)).toHaveValue(String(span.target_page));
  });
});

test.describe('links and reference previews: a real textbook', () => {
  skipWithoutCorpus(SHARED_BOOKS.aata.pdf);
  test('aata: an external link opens a new tab; an internal link previews and jumps, Back returns', async ({
    page,
    env,
    sharedBooks,
  }) => {
    test.slow();
    const book = await signInToSharedBook(page, env, sharedBooks, 'aata');
    await page.goto(`${originOf(page)}/reader/${book.id}`);
    await expect(drawnPage(page, 1)).toBeVisible();

    // Page 4 links to https://pretextbook.org/ (the colophon).
    await turnToPage(page, 4, aataLabel(4));
    const external = drawnPage(page, 4).locator('.annotationLayer a[href^="https://pretextbook.org"]');
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const opened = page.context().waitForEvent('page');
    // The new tab is not loaded (the test has no network): only that it opens, with the address.
    await page.context().route('https://pretextbook.org/**', (route) => route.fulfill({ body: 'ok' }));
    await external.click();
    const tab = await opened;
    await expect.poll(() => tab.url()).toContain('pretextbook.org');
    await tab.close();
    await expect(pageInput(page)).toHaveValue(aataLabel(4));

    // An internal link in the body of the book (a cross-reference, not the table of contents).
    const { pageNumber, span } = await findLinkedReference(page, book.id, 30, book.pageCount);
    await turnToPage(page, pageNumber, aataLabel(pageNumber));
    const link = await linkOver(page, pageNumber, span.rect);
    await link.hover();
    await expectPreviewOf(page, span, aataLabel);
    await link.click();
    await expect(pageInput(page)).toHaveValue(aataLabel(span.target_page));
    await page.getByRole('button', { name: 'Undo navigation' }).click();
    await expect(pageInput(page)).toHaveValue(aataLabel(pageNumber));
  });
});

test.describe('links and reference previews: a reference found in the text of a real textbook', () => {
  skipWithoutCorpus(SHARED_BOOKS.linalg.pdf);
  test('linalg: hovering the words of an unlinked reference previews its target; clicking jumps, Back returns', async ({
    page,
    env,
    sharedBooks,
  }) => {
    test.setTimeout(240_000);
    // linalg (LyX, two columns) types its references without links: "by Lemma 1", "see Example 2".
    const book = await signInToSharedBook(page, env, sharedBooks, 'linalg');
    const label = await sharedBookLabels('linalg');
    const { pageNumber, span } = await findUnlinkedReference(page, book.id, book.pageCount);

    // What the graph holds for it: the paragraph it is in refers to the target, which is on target_page
    // and is the statement the words name ("Lemma 1: ...").
    const paragraphs = await fetchParagraphs(page, book.id);
    const target = paragraphs.get(span.target);
    expect(paragraphs.get(span.source)?.explicitRefs, `the references of ${span.source}`).toContain(
      span.target,
    );
    expect(target, `the paragraph ${span.target}`).toBeDefined();
    expect(target!.page).toBe(span.target_page);
    expect(target!.text.startsWith(span.text), `${span.target} begins '${target!.text.slice(0, 40)}'`).toBe(
      true,
    );
    const node = (await fetchGraph(page, book.id)).nodes.find((item) => item.id === span.target);
    expect(node?.page).toBe(span.target_page);

    await openReader(page, book.id);
    await turnToPage(page, pageNumber, label(pageNumber));
    await expect(page.getByText(`(${pageNumber} / ${book.pageCount})`)).toBeVisible();
    // The words on the drawn page are the reference's, and no link of the PDF is over them.
    await expect(drawnPage(page, pageNumber).locator('.textLayer')).toContainText(span.text);
    const over = await drawnOver(page, pageNumber, span.rect);
    expect(over.links, 'links of the PDF over the words').toBe(0);
    expect(over.words, 'the words under the reference').toContain(span.text);
    // At most a character of the words around it on either side.
    expect(over.words.length).toBeLessThanOrEqual(span.text.length + 2);

    // The pointer on the middle of the words.
    const button = drawnPage(page, pageNumber).locator(`.reference-span[data-target="${span.target}"]`);
    await expect(button).toHaveAccessibleName(`Preview: ${span.text}`);
    const pageBox = (await drawnPage(page, pageNumber).boundingBox())!;
    const at = {
      x: pageBox.x + (span.rect.x + span.rect.w / 2) * pageBox.width,
      y: pageBox.y + (span.rect.y + span.rect.h / 2) * pageBox.height,
    };
    await page.mouse.move(at.x, at.y);
    const shown = preview(page);
    await expect(shown).toHaveCount(1);
    await expect(shown).toHaveAttribute('data-target', span.target);
    await expect(shown).toHaveAttribute('data-page', String(span.target_page));
    await expect(shown).toHaveAttribute('data-drawn', 'true');
    await expect(shown.locator('.reference-preview__label')).toHaveText(span.text);
    await expect(shown.locator('.reference-preview__caption')).toHaveText(
      `${span.text} · Page ${label(span.target_page)}`,
    );
    await expect(button).toHaveAttribute('aria-describedby', (await shown.getAttribute('id'))!);

    // Clicking the words jumps to the target's page; Back returns.
    await page.mouse.click(at.x, at.y);
    await expect(preview(page)).toHaveCount(0);
    await expect(pageInput(page)).toHaveValue(label(span.target_page));
    await expect(page.getByText(`(${span.target_page} / ${book.pageCount})`)).toBeVisible();
    await expect(drawnPage(page, span.target_page)).toBeInViewport();
    await page.getByRole('button', { name: 'Undo navigation' }).click();
    await expect(pageInput(page)).toHaveValue(label(pageNumber));
    await expect(page.getByText(`(${pageNumber} / ${book.pageCount})`)).toBeVisible();
  });
});
