import type { Page, Request } from '@playwright/test';
import { bookmarkListSchema, readingPositionSchema } from '@threadbook/contracts';
import { expect, signInNewAccount, SHARED_BOOKS, skipWithoutCorpus, test } from './support/fixtures.ts';
import {
  aataLabel,
  apiHeaders,
  drawnPage,
  openReader,
  originOf,
  pageInput,
  SAMPLE_TITLE,
  signInAndWaitForSample,
  signInToSharedBook,
  turnToPage,
} from './support/reader.ts';

/**
 * Bookmarks and the reading position (docs/design.md decision 4): a page is bookmarked from the toolbar (or with
 * M), listed in the sidebar's Bookmarks tab, stored on the server per user and book; the reader reopens a
 * book at the page the student left.
 *
 * The sample book's outline (samples/sample-book): pages 1-3 come before the first chapter, 'Graphs and
 * Their Language' opens on page 4, its sections 'Degrees and the Handshake Lemma' on 5, 'Walks, Paths and
 * Cycles' on 7 and 'Connectedness' on 8; the chapter 'Trees' and its section 'Trees and Their
 * Characterizations' on 10 (a section opening on its chapter's page names the page); 32 pages in all.
 */

const AATA_PAGES = 357;
/** What the reader waits before saving a page it stopped on (bookmarks/position-saver.ts). */
const POSITION_DEBOUNCE_MS = 1000;

/** The toolbar's bookmark toggle, whichever state it is in. */
function bookmarkToggle(page: Page) {
  return page
    .getByRole('toolbar', { name: 'Reader toolbar' })
    .getByRole('button', { name: /^(Bookmark this page|Remove bookmark)$/ });
}

async function expectBookmarked(page: Page, bookmarked: boolean) {
  const toggle = bookmarkToggle(page);
  await expect(toggle).toHaveAccessibleName(bookmarked ? 'Remove bookmark' : 'Bookmark this page');
  await expect(toggle).toHaveAttribute('aria-pressed', String(bookmarked));
}

/** The sidebar's Bookmarks tab, 'Bookmarks (N)'. */
function bookmarksTab(page: Page) {
  return page.getByRole('tab', { name: /^Bookmarks \(\d+\)$/ });
}

/** The Bookmarks tab's panel: heading 'Bookmarks', then its notes or list. */
function bookmarkList(page: Page) {
  return page.getByRole('region', { name: 'Bookmarks', exact: true });
}

/** The list's entry (the jump button) for page `pageNumber`: 'Page N' and the label. */
/** The bookmark of a page, named as the list names it (its number, or the book's label for it). */
function bookmarkEntry(page: Page, pageName: number | string) {
  return bookmarkList(page).getByRole('button', { name: new RegExp(`^Page ${pageName}( |$)`) });
}

/** Opens the left panel (if closed) on its Bookmarks tab. */
async function openBookmarksTab(page: Page) {
  const tocToggle = page.getByRole('button', { name: 'Toggle table of contents' });
  if ((await tocToggle.getAttribute('aria-pressed')) !== 'true') await tocToggle.click();
  await bookmarksTab(page).click();
  await expect(bookmarksTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(bookmarkList(page)).toBeVisible();
}

/** The bookmarks the server holds for the page's user, as {page, label}. */
async function storedBookmarks(page: Page, bookId: number) {
  const answer = await page.request.get(`${originOf(page)}/api/books/${bookId}/bookmarks`, {
    headers: await apiHeaders(page),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return bookmarkListSchema.parse(await answer.json()).map(({ page: at, label }) => ({ page: at, label }));
}

/** Bookmarks a page through the API (setup for what the screen then shows). */
async function putBookmark(page: Page, bookId: number, pageNumber: number, label: string | null) {
  const answer = await page.request.put(`${originOf(page)}/api/books/${bookId}/bookmarks/${pageNumber}`, {
    headers: await apiHeaders(page),
    data: { label },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

/** The reading position the server holds for the page's user. */
async function storedPosition(page: Page, bookId: number): Promise<number | null> {
  const answer = await page.request.get(`${originOf(page)}/api/books/${bookId}/position`, {
    headers: await apiHeaders(page),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return readingPositionSchema.parse(await answer.json()).page;
}

/** Whether `request` is the reader saving page `pageNumber` as the book's reading position. */
function isPositionSave(request: Request, bookId: number, pageNumber: number): boolean {
  return (
    request.method() === 'PUT' &&
    new URL(request.url()).pathname === `/api/books/${bookId}/position` &&
    (request.postDataJSON() as { page?: unknown } | null)?.page === pageNumber
  );
}

/** Waits for the reader to save page `pageNumber` as the reading position, and for the server's 200. */
function positionSaved(page: Page, bookId: number, pageNumber: number) {
  return page
    .waitForResponse((response) => isPositionSave(response.request(), bookId, pageNumber))
    .then((response) => expect(response.status()).toBe(200));
}

/** The reader shows page `pageNumber`: the page input says so and the page is drawn, in view. */
async function expectOnPage(page: Page, pageNumber: number, label = String(pageNumber)) {
  await expect(pageInput(page)).toHaveValue(label);
  await expect(drawnPage(page, pageNumber)).toBeVisible();
  await expect(drawnPage(page, pageNumber)).toBeInViewport({ ratio: 0.5 });
}

test.describe('bookmarks', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the toolbar button and M bookmark the page shown, listed in page order with its section', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    await openReader(page, sample.id);
    await expectBookmarked(page, false);
    await openBookmarksTab(page);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (0)');
    await expect(bookmarkList(page)).toContainText(
      'No bookmarks yet. Press M or use the bookmark button to mark a page.',
    );

    // The button, on page 6: inside 'Degrees and the Handshake Lemma' (from page 5).
    await turnToPage(page, 6);
    await bookmarkToggle(page).click();
    await expectBookmarked(page, true);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (1)');
    await expect(bookmarkList(page).getByRole('listitem')).toHaveText([
      'Page 6 Degrees and the Handshake Lemma',
    ]);
    await expect(bookmarkEntry(page, 6)).toHaveAttribute('aria-current', 'location');
    await expect(bookmarkList(page)).not.toContainText('No bookmarks yet');

    // M, on page 8, where 'Connectedness' starts; the current entry moves with the page.
    await turnToPage(page, 8);
    await expectBookmarked(page, false);
    await expect(bookmarkEntry(page, 6)).not.toHaveAttribute('aria-current');
    await page.getByRole('region', { name: SAMPLE_TITLE }).focus();
    await page.keyboard.press('m');
    await expectBookmarked(page, true);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (2)');
    await expect(bookmarkEntry(page, 8)).toHaveAttribute('aria-current', 'location');

    // Page 2 comes before the first chapter: a bookmark with no label, listed first.
    await turnToPage(page, 2);
    await page.getByRole('region', { name: SAMPLE_TITLE }).focus();
    await page.keyboard.press('M');
    await expectBookmarked(page, true);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (3)');
    await expect(bookmarkList(page).getByRole('listitem')).toHaveText([
      'Page 2',
      'Page 6 Degrees and the Handshake Lemma',
      'Page 8 Connectedness',
    ]);
    // Each entry can be removed on its own.
    for (const pageNumber of [2, 6, 8]) {
      await expect(
        bookmarkList(page).getByRole('button', { name: `Remove bookmark for page ${pageNumber}` }),
      ).toBeVisible();
    }

    // The server has them, for this user, in page order.
    await expect
      .poll(() => storedBookmarks(page, sample.id))
      .toEqual([
        { page: 2, label: null },
        { page: 6, label: 'Degrees and the Handshake Lemma' },
        { page: 8, label: 'Connectedness' },
      ]);
  });

  test('choosing a bookmark jumps to its page, and undo goes back', async ({ page, env, baseURL }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    await putBookmark(page, sample.id, 12, 'Minimum Spanning Trees');
    await putBookmark(page, sample.id, 23, 'Hamiltonian Cycles');
    await openReader(page, sample.id);
    await openBookmarksTab(page);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (2)');
    await expect(bookmarkList(page).getByRole('listitem')).toHaveText([
      'Page 12 Minimum Spanning Trees',
      'Page 23 Hamiltonian Cycles',
    ]);
    const undo = page.getByRole('button', { name: 'Undo navigation' });
    const redo = page.getByRole('button', { name: 'Redo navigation' });
    await expect(undo).toBeDisabled();

    await bookmarkEntry(page, 23).click();
    await expectOnPage(page, 23);
    await expect(bookmarkEntry(page, 23)).toHaveAttribute('aria-current', 'location');
    await expectBookmarked(page, true);
    await bookmarkEntry(page, 12).click();
    await expectOnPage(page, 12);
    await expect(bookmarkEntry(page, 12)).toHaveAttribute('aria-current', 'location');
    await expect(bookmarkEntry(page, 23)).not.toHaveAttribute('aria-current');

    // Both jumps are in the history, behind the page the reader started on.
    await expect(page.getByRole('button', { name: 'Clear navigation history' })).toBeVisible();
    await undo.click();
    await expectOnPage(page, 23);
    await undo.click();
    await expectOnPage(page, 1);
    await expect(undo).toBeDisabled();
    await redo.click();
    await expectOnPage(page, 23);
  });

  test('a bookmark is removed from the list or by toggling it off', async ({ page, env, baseURL }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    await putBookmark(page, sample.id, 3, null);
    await putBookmark(page, sample.id, 6, 'Degrees and the Handshake Lemma');
    await putBookmark(page, sample.id, 9, 'Connectedness');
    await openReader(page, sample.id);
    await openBookmarksTab(page);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (3)');

    // From the list: the row goes, and focus moves to the next row's remove button.
    await bookmarkList(page).getByRole('button', { name: 'Remove bookmark for page 6' }).click();
    await expect(bookmarkList(page).getByRole('listitem')).toHaveText(['Page 3', 'Page 9 Connectedness']);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (2)');
    await expect(
      bookmarkList(page).getByRole('button', { name: 'Remove bookmark for page 9' }),
    ).toBeFocused();
    await expect
      .poll(() => storedBookmarks(page, sample.id))
      .toEqual([
        { page: 3, label: null },
        { page: 9, label: 'Connectedness' },
      ]);

    // The toolbar button toggles the page's bookmark off.
    await turnToPage(page, 9);
    await expectBookmarked(page, true);
    await bookmarkToggle(page).click();
    await expectBookmarked(page, false);
    await expect(bookmarkList(page).getByRole('listitem')).toHaveText(['Page 3']);
    await expect.poll(() => storedBookmarks(page, sample.id)).toEqual([{ page: 3, label: null }]);

    // And M: the last one goes, and the list says there are none.
    await turnToPage(page, 3);
    await expectBookmarked(page, true);
    await page.getByRole('region', { name: SAMPLE_TITLE }).focus();
    await page.keyboard.press('m');
    await expectBookmarked(page, false);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (0)');
    await expect(bookmarkList(page)).toContainText(
      'No bookmarks yet. Press M or use the bookmark button to mark a page.',
    );
    await expect.poll(() => storedBookmarks(page, sample.id)).toEqual([]);

    // M again puts it back.
    await page.keyboard.press('m');
    await expectBookmarked(page, true);
    await expect.poll(() => storedBookmarks(page, sample.id)).toEqual([{ page: 3, label: null }]);
  });

  test('bookmarks survive a reload and belong to their account alone', async ({
    page,
    env,
    baseURL,
    browser,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    await openReader(page, sample.id);
    await turnToPage(page, 5);
    await bookmarkToggle(page).click();
    await turnToPage(page, 10);
    await bookmarkToggle(page).click();
    await expectBookmarked(page, true);
    const mine = [
      { page: 5, label: 'Degrees and the Handshake Lemma' },
      { page: 10, label: 'Trees and Their Characterizations' },
    ];
    await expect.poll(() => storedBookmarks(page, sample.id)).toEqual(mine);

    await page.reload();
    await expect(drawnPage(page, 10)).toBeVisible();
    await expectBookmarked(page, true);
    await openBookmarksTab(page);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (2)');
    await expect(bookmarkList(page).getByRole('listitem')).toHaveText([
      'Page 5 Degrees and the Handshake Lemma',
      'Page 10 Trees and Their Characterizations',
    ]);

    // Another student, in a browser of their own, has none of them.
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      // Made with the test's own request context: the new context's would sign it in at once.
      await signInNewAccount(otherPage, baseURL!, env.nextEmail());
      expect(await storedBookmarks(otherPage, sample.id)).toEqual([]);
      await openReader(otherPage, sample.id);
      await turnToPage(otherPage, 5);
      await expectBookmarked(otherPage, false);
      await openBookmarksTab(otherPage);
      await expect(bookmarksTab(otherPage)).toHaveText('Bookmarks (0)');
      await expect(bookmarkList(otherPage)).toContainText('No bookmarks yet.');

      // Their own bookmark stays theirs.
      await turnToPage(otherPage, 7);
      await bookmarkToggle(otherPage).click();
      await expectBookmarked(otherPage, true);
      await expect
        .poll(() => storedBookmarks(otherPage, sample.id))
        .toEqual([{ page: 7, label: 'Walks, Paths and Cycles' }]);
    } finally {
      await other.close();
    }
    expect(await storedBookmarks(page, sample.id)).toEqual(mine);
    await page.reload();
    await openBookmarksTab(page);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (2)');
    await expect(bookmarkEntry(page, 7)).toHaveCount(0);
  });

  test('a change the server refuses is taken back, with an alert', async ({ page, env, baseURL }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    await putBookmark(page, sample.id, 9, 'Connectedness');
    await openReader(page, sample.id);
    await openBookmarksTab(page);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (1)');

    // The server's answer is held back until the optimistic change has been seen, then it fails.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/books/${sample.id}/bookmarks/*`, async (route) => {
      const method = route.request().method();
      if (method !== 'PUT' && method !== 'DELETE') return route.fallback();
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'stubbed failure' }),
      });
    });

    await turnToPage(page, 6);
    await bookmarkToggle(page).click();
    await expectBookmarked(page, true);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (2)');
    release();
    await expectBookmarked(page, false);
    await expect(bookmarksTab(page)).toHaveText('Bookmarks (1)');
    await expect(bookmarkList(page).getByRole('alert')).toHaveText('The bookmark could not be saved');
    await expect(bookmarkList(page).getByRole('listitem')).toHaveText(['Page 9 Connectedness']);

    // A removal that fails puts the bookmark back.
    await bookmarkList(page).getByRole('button', { name: 'Remove bookmark for page 9' }).click();
    await expect(bookmarkList(page).getByRole('listitem')).toHaveText(['Page 9 Connectedness']);
    await expect(bookmarkList(page).getByRole('alert')).toHaveText('The bookmark could not be removed');
    expect(await storedBookmarks(page, sample.id)).toEqual([{ page: 9, label: 'Connectedness' }]);

    // With the server answering again, the next change works and the alert goes away.
    await page.unroute(`**/api/books/${sample.id}/bookmarks/*`);
    await bookmarkToggle(page).click();
    await expectBookmarked(page, true);
    await expect(bookmarkList(page).getByRole('alert')).toHaveCount(0);
    await expect
      .poll(() => storedBookmarks(page, sample.id))
      .toEqual([
        { page: 6, label: 'Degrees and the Handshake Lemma' },
        { page: 9, label: 'Connectedness' },
      ]);
  });
});

test.describe('reading position', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the book reopens at the page the student left: after a reload and from the library', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    expect(await storedPosition(page, sample.id)).toBeNull();
    await openReader(page, sample.id);

    // The page stopped on is saved about a second later.
    const saved = positionSaved(page, sample.id, 9);
    await turnToPage(page, 9);
    await saved;
    expect(await storedPosition(page, sample.id)).toBe(9);

    await page.reload();
    await expectOnPage(page, 9);
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    // Reopening is not a jump of the history.
    await expect(page.getByRole('button', { name: 'Undo navigation' })).toBeDisabled();

    // Reloading at once (well within the second): the page is saved as the tab is hidden (a keepalive
    // request of the page being unloaded, which Playwright does not always report: the server is asked).
    await pageInput(page).fill('12');
    await pageInput(page).press('Enter');
    await expect(pageInput(page)).toHaveValue('12');
    await page.reload();
    await expectOnPage(page, 12);
    expect(await storedPosition(page, sample.id)).toBe(12);

    // Leaving the reader at once (well within the second) still saves the page shown.
    const flushed = positionSaved(page, sample.id, 14);
    await pageInput(page).fill('14');
    await pageInput(page).press('Enter');
    await expect(pageInput(page)).toHaveValue('14');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
    await expect(page).toHaveURL(/\/library$/);
    await flushed;
    expect(await storedPosition(page, sample.id)).toBe(14);
    await page.getByRole('link', { name: 'Open PDF' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/reader/${sample.id}$`));
    await expectOnPage(page, 14);

    // Paging quickly through pages makes one save, of the page stopped on (the reopened page 14 may be
    // saved again: it is the page shown when the reader opens).
    const saves: number[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'PUT' && new URL(sent.url()).pathname === `/api/books/${sample.id}/position`) {
        saves.push((sent.postDataJSON() as { page: number }).page);
      }
    });
    const last = positionSaved(page, sample.id, 17);
    await page.getByRole('region', { name: SAMPLE_TITLE }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
    await expect(pageInput(page)).toHaveValue('17');
    await last;
    // The debounce window: nothing else may follow.
    await page.waitForTimeout(POSITION_DEBOUNCE_MS + 500);
    expect(saves.filter((saved) => saved !== 14)).toEqual([17]);
    expect(await storedPosition(page, sample.id)).toBe(17);
  });

  test('a long book (aata, 357 pages) reopens far in and its bookmarks jump there', async ({
    page,
    env,
    sharedBooks,
  }) => {
    skipWithoutCorpus(SHARED_BOOKS.aata.pdf);
    test.slow();
    const title = SHARED_BOOKS.aata.title;
    const book = await signInToSharedBook(page, env, sharedBooks, 'aata');
    expect(book.pageCount).toBe(AATA_PAGES);

    await openReader(page, book.id);
    await expect(page.getByText(`(1 / ${AATA_PAGES})`)).toBeVisible();
    await expect(pageInput(page)).toHaveValue('i');
    // Far in through the table of contents: Galois Theory, 'The Fundamental Theorem'.
    await page.getByRole('button', { name: 'Toggle table of contents' }).click();
    const toc = page.getByRole('navigation', { name: 'Table of Contents' });
    await toc.getByRole('button', { name: 'Sections of Galois Theory' }).click();
    const section = toc.getByRole('button', { name: /^The Fundamental Theorem \d+$/ });
    // The contents name pages by aata's labels, as the toolbar does.
    const shownPage = await section.locator('.toc__entry-page').textContent();
    const target = Array.from({ length: AATA_PAGES }, (_, i) => i + 1).find(
      (p) => aataLabel(p) === shownPage,
    )!;
    expect(target).toBeGreaterThan(300);
    await section.click();
    await expectOnPage(page, target, aataLabel(target));
    await page.getByRole('region', { name: title }).focus();
    await page.keyboard.press('m');
    await expectBookmarked(page, true);
    await expect
      .poll(() => storedBookmarks(page, book.id))
      .toEqual([{ page: target, label: 'The Fundamental Theorem' }]);

    // Read on a few pages, and come back later.
    const left = target + 3;
    const saved = positionSaved(page, book.id, left);
    await turnToPage(page, left, aataLabel(left));
    await saved;
    await page.reload();
    await expectOnPage(page, left, aataLabel(left));
    await expectBookmarked(page, false);

    await openBookmarksTab(page);
    await expect(bookmarkList(page).getByRole('listitem')).toHaveText([
      `Page ${shownPage} The Fundamental Theorem`,
    ]);
    await bookmarkEntry(page, shownPage!).click();
    await expectOnPage(page, target, aataLabel(target));
    await expectBookmarked(page, true);
    await page.getByRole('button', { name: 'Undo navigation' }).click();
    await expectOnPage(page, left, aataLabel(left));
    await page.getByRole('button', { name: 'Redo navigation' }).click();
    await expectOnPage(page, target, aataLabel(target));
  });
});
