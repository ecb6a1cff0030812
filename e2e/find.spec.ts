import type { Page } from '@playwright/test';
import { bookSearchResponseSchema, type BookSearchResponse } from '@threadbook/contracts';
import { expect, SHARED_BOOKS, skipWithoutCorpus, test } from './support/fixtures.ts';
import {
  aataLabel,
  apiHeaders,
  drawnPage,
  openReader,
  openSample,
  originOf,
  pageInput,
  SAMPLE_TITLE,
  signInToSharedBook,
} from './support/reader.ts';

/**
 * Find in the book (issue 15) on the sample book (samples/sample-book/content.ts): Ctrl+F and the toolbar
 * button, the results in the sidebar, Enter and Shift+Enter through them, and the marks on the page. What
 * a query should find is asked of the search API with the page's own session, so the numbers are the
 * index's; the words are chosen from the book's text: 'zebra' is not in it, 'handshakes' is in one
 * paragraph, Königsberg in several (typed without its umlaut and in capitals), and "spanning tree" is a
 * phrase of many.
 */

function findInput(page: Page) {
  return page.getByRole('search', { name: 'Find in book' }).getByRole('textbox', { name: 'Find in book' });
}
function findStatus(page: Page) {
  return page.getByRole('search', { name: 'Find in book' }).getByRole('status');
}
function results(page: Page) {
  return page.getByRole('list', { name: 'Search results' }).getByRole('button');
}
/** The marks of the current hit on page `pageNumber`'s text layer. */
function currentMarks(page: Page, pageNumber: number) {
  return drawnPage(page, pageNumber).locator('.textLayer .find-highlight--current');
}

async function searchApi(page: Page, bookId: number, query: string): Promise<BookSearchResponse> {
  const answer = await page.request.get(
    `${originOf(page)}/api/books/${bookId}/search?${new URLSearchParams({ q: query })}`,
    { headers: await apiHeaders(page) },
  );
  expect(answer.status(), await answer.text()).toBe(200);
  return bookSearchResponseSchema.parse(await answer.json());
}

async function expectOnPage(page: Page, pageNumber: number) {
  await expect(pageInput(page)).toHaveValue(String(pageNumber));
  await expect(drawnPage(page, pageNumber)).toBeVisible();
}

test.describe('find in the book', () => {
  test.describe.configure({ timeout: 120_000 });

  test('Ctrl+F opens the find bar, a word not in the book finds nothing, Escape closes it', async ({
    page,
    env,
    baseURL,
  }) => {
    await openSample(page, env, baseURL!);
    await page.getByRole('region', { name: SAMPLE_TITLE }).focus();
    await page.keyboard.press('ControlOrMeta+f');
    await expect(findInput(page)).toBeFocused();
    // The sidebar opens on the search tab.
    await expect(page.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');

    await findInput(page).fill('zebra');
    await expect(findStatus(page)).toHaveText('No results');
    await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);
    // Typing in the find bar is no reader shortcut: 'b' did not close the sidebar, nothing turned.
    await expect(page.getByRole('tab', { name: 'Search' })).toBeVisible();
    await expect(pageInput(page)).toHaveValue('1');

    await page.keyboard.press('Escape');
    await expect(page.getByRole('search', { name: 'Find in book' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Search' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: SAMPLE_TITLE })).toBeFocused();

    // The toolbar button opens it too, and closes it.
    const button = page.getByRole('button', { name: 'Find in book' });
    await button.click();
    await expect(findInput(page)).toBeFocused();
    await expect(findInput(page)).toHaveValue('zebra');
    await button.click();
    await expect(page.getByRole('search', { name: 'Find in book' })).toHaveCount(0);
  });

  test('one hit: listed with its snippet, section and page; Enter goes to it and marks it on the page', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await openSample(page, env, baseURL!);
    const expected = await searchApi(page, sample.id, 'handshakes');
    expect(expected.total).toBe(1);
    const hit = expected.hits[0]!;

    await page.getByRole('button', { name: 'Find in book' }).click();
    await findInput(page).fill('Handshakes');
    await expect(findStatus(page)).toHaveText('1 result');
    await expect(results(page)).toHaveCount(1);
    await expect(results(page).first()).toContainText(hit.sectionTitle);
    await expect(results(page).first()).toContainText(`Page ${hit.page}`);
    await expect(results(page).first().locator('mark')).toHaveText(['handshakes']);

    await findInput(page).press('Enter');
    await expect(page.getByText('1 of 1')).toBeVisible();
    await expectOnPage(page, hit.page);
    await expect(currentMarks(page, hit.page)).toHaveText(['handshakes']);
    await expect(results(page).first()).toHaveAttribute('aria-current', 'true');
    // The jump is recorded: undo goes back to page 1.
    await page.getByRole('button', { name: 'Undo navigation' }).click();
    await expectOnPage(page, 1);
  });

  test('many hits, diacritics and case folded: Enter and Shift+Enter go through them, wrapping; the mark survives zoom', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await openSample(page, env, baseURL!);
    const expected = await searchApi(page, sample.id, 'konigsberg');
    const count = expected.total;
    expect(count).toBeGreaterThanOrEqual(3);
    const pages = expected.hits.map((hit) => hit.page);

    await page.keyboard.press('ControlOrMeta+f');
    await findInput(page).fill('KONIGSBERG');
    await expect(findStatus(page)).toHaveText(`${count} results`);
    await expect(results(page)).toHaveCount(count);
    await expect(results(page).first().locator('mark').first()).toHaveText('Königsberg');

    await findInput(page).press('Enter');
    await expect(page.getByText(`1 of ${count}`)).toBeVisible();
    await expectOnPage(page, pages[0]!);
    await expect(currentMarks(page, pages[0]!).first()).toHaveText('Königsberg');

    await findInput(page).press('Enter');
    await expect(page.getByText(`2 of ${count}`)).toBeVisible();
    await expectOnPage(page, pages[1]!);
    await expect(results(page).nth(1)).toHaveAttribute('aria-current', 'true');

    await findInput(page).press('Shift+Enter');
    await expect(page.getByText(`1 of ${count}`)).toBeVisible();
    await findInput(page).press('Shift+Enter');
    await expect(page.getByText(`${count} of ${count}`)).toBeVisible();
    const last = pages[count - 1]!;
    await expectOnPage(page, last);
    await expect(currentMarks(page, last).first()).toHaveText('Königsberg');
    await findInput(page).press('Enter');
    await expect(page.getByText(`1 of ${count}`)).toBeVisible();
    await expectOnPage(page, pages[0]!);

    // Clicking a result goes to it.
    await results(page)
      .nth(count - 1)
      .click();
    await expect(page.getByText(`${count} of ${count}`)).toBeVisible();
    await expectOnPage(page, last);

    // Zooming draws the text layer again; the mark comes back on it.
    const zoom = page.getByRole('textbox', { name: 'Zoom percentage' });
    const before = await zoom.inputValue();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom).not.toHaveValue(before);
    await expect(currentMarks(page, last).first()).toHaveText('Königsberg');
    const box = await currentMarks(page, last).first().boundingBox();
    expect(box!.width).toBeGreaterThan(10);
  });

  test('a phrase in quotes finds the words side by side only', async ({ page, env, baseURL }) => {
    const sample = await openSample(page, env, baseURL!);
    const phrase = await searchApi(page, sample.id, '"spanning tree"');
    const words = await searchApi(page, sample.id, 'tree spanning');
    expect(phrase.total).toBeGreaterThan(1);
    expect(words.total).toBeGreaterThanOrEqual(phrase.total);

    await page.keyboard.press('ControlOrMeta+f');
    await findInput(page).fill('"Spanning Tree"');
    await expect(findStatus(page)).toHaveText(`${phrase.total} results`);
    await expect(results(page)).toHaveCount(Math.min(phrase.total, 500));
    await findInput(page).press('Enter');
    await expect(page.getByText(`1 of ${phrase.total}`)).toBeVisible();
    const target = phrase.hits[0]!.page;
    await expectOnPage(page, target);
    await expect
      .poll(async () => (await currentMarks(page, target).allTextContents()).join(' '))
      .toMatch(/^spanning\s+tree( spanning\s+tree)*$/i);
  });
});

test.describe('find in a real textbook', () => {
  skipWithoutCorpus(SHARED_BOOKS.aata.pdf);
  test('aata: many hits listed with section and page, Enter and Shift+Enter turn to them and mark them; a phrase finds fewer than its words; no hit says so', async ({
    page,
    env,
    sharedBooks,
  }) => {
    test.setTimeout(240_000);
    const book = await signInToSharedBook(page, env, sharedBooks, 'aata');
    // The words are aata's; how many hits each has, and where, is the search API's answer.
    const many = await searchApi(page, book.id, 'sylow');
    const phrase = await searchApi(page, book.id, '"normal subgroup"');
    const words = await searchApi(page, book.id, 'subgroup normal');
    const none = await searchApi(page, book.id, 'zebra');
    expect(many.truncated).toBe(false);
    const count = many.total;
    const pages = many.hits.map((hit) => hit.page);
    expect(count).toBeGreaterThan(10);
    expect(new Set(pages).size).toBeGreaterThan(2);
    expect(phrase.total).toBeGreaterThan(1);
    expect(words.total).toBeGreaterThan(phrase.total);
    expect(none.total).toBe(0);

    await openReader(page, book.id);
    await page.getByRole('region', { name: book.title }).focus();
    await page.keyboard.press('ControlOrMeta+f');
    await expect(findInput(page)).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Search' })).toHaveAttribute('aria-selected', 'true');

    // Many hits, in the sidebar with their section and page (by aata's label, as the toolbar shows it).
    await findInput(page).fill('Sylow');
    await expect(findStatus(page)).toHaveText(`${count} results`);
    await expect(results(page)).toHaveCount(count);
    for (const index of [0, count - 1]) {
      const hit = many.hits[index]!;
      const item = results(page).nth(index);
      await expect(item.locator('.search-results__section')).toContainText(hit.sectionTitle);
      await expect(item.locator('.search-results__page')).toHaveText(`Page ${aataLabel(hit.page)}`);
      await expect(item.locator('mark').first()).toHaveText(/^sylow$/i);
    }

    /** Hit `index` is the current one: counted, listed as current, its page shown with its label, marked. */
    const expectAt = async (index: number) => {
      const hit = many.hits[index]!;
      await expect(page.getByText(`${index + 1} of ${count}`, { exact: true })).toBeVisible();
      await expect(results(page).nth(index)).toHaveAttribute('aria-current', 'true');
      await expect(pageInput(page)).toHaveValue(aataLabel(hit.page));
      await expect(page.getByText(`(${hit.page} / ${book.pageCount})`)).toBeVisible();
      const mark = currentMarks(page, hit.page).first();
      await expect(mark).toHaveText(/^sylow$/i);
      await expect(mark).toBeInViewport();
    };

    // Enter goes to the first hit (from page 1), then on until the page turns; Shift+Enter comes back.
    await findInput(page).press('Enter');
    await expectAt(0);
    const turn = pages.findIndex((pageNumber) => pageNumber !== pages[0]);
    for (let index = 1; index <= turn; index++) {
      await findInput(page).press('Enter');
      await expectAt(index);
    }
    for (let index = turn - 1; index >= 0; index--) {
      await findInput(page).press('Shift+Enter');
      await expectAt(index);
    }
    // Before the first is the last.
    await findInput(page).press('Shift+Enter');
    await expectAt(count - 1);

    // A phrase in quotes: fewer hits than its words anywhere in a paragraph.
    await findInput(page).fill('"Normal Subgroup"');
    await expect(findStatus(page)).toHaveText(`${phrase.total} results`);
    await expect(results(page)).toHaveCount(phrase.total);
    await results(page).first().click();
    await expect(page.getByText(`1 of ${phrase.total}`, { exact: true })).toBeVisible();
    const first = phrase.hits[0]!.page;
    await expect(pageInput(page)).toHaveValue(aataLabel(first));
    await expect
      .poll(async () => (await currentMarks(page, first).allTextContents()).join(' '))
      .toMatch(/^normal\s+subgroup( normal\s+subgroup)*$/i);
    await findInput(page).fill('normal subgroup');
    await expect(findStatus(page)).toHaveText(`${words.total} results`);

    // A word aata does not have.
    await findInput(page).fill('zebra');
    await expect(findStatus(page)).toHaveText('No results');
    await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);
    await expect(page.locator('.search-results__message')).toHaveText('No results');
    await expect(page.locator('.find-highlight--current')).toHaveCount(0);
  });
});
