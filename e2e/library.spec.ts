import type { Page } from '@playwright/test';
import { bookListSchema, type BookListItem } from '@threadbook/contracts';
import { checkScreen, expect, signInNewAccount, test } from './support/fixtures.ts';

/** Every worker's server imports the bundled sample textbook in the background on its first start. */
const SAMPLE_TITLE = 'Networks and Graphs: A Gentle Introduction';

/** The library as the API lists it, with the page's own session, once the sample import has finished. */
async function waitForSample(page: Page): Promise<BookListItem> {
  let sample: BookListItem | undefined;
  await expect(async () => {
    const token = await page.request.get('/api/auth/token');
    expect(token.ok()).toBe(true);
    const { token: idToken } = (await token.json()) as { token: string };
    const response = await page.request.get('/api/books/', {
      headers: { Authorization: `Bearer ${idToken}` },
    });
    expect(response.status()).toBe(200);
    sample = bookListSchema.parse(await response.json()).find((book) => book.title === SAMPLE_TITLE);
    expect(sample, 'the sample book is not imported yet').toBeDefined();
  }).toPass({ timeout: 120_000, intervals: [500, 1000] });
  return sample!;
}

test.describe('library', () => {
  test.describe.configure({ timeout: 180_000 });

  test('shows the sample book with its cover, title and author, and opens it', async ({
    page,
    baseURL,
    env,
  }, testInfo) => {
    await signInNewAccount(page, baseURL!, env.nextEmail());
    const sample = await waitForSample(page);

    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'My Books' })).toBeVisible();
    const tile = page.getByTestId('book-tile').filter({ hasText: SAMPLE_TITLE });
    await expect(tile.getByRole('heading', { level: 2, name: SAMPLE_TITLE })).toBeVisible();
    if (sample.author) await expect(tile.getByText(sample.author, { exact: true })).toBeVisible();

    const cover = tile.getByRole('img', { name: `Cover of ${SAMPLE_TITLE}` });
    await expect(cover).toBeVisible();
    await expect(cover).toHaveAttribute('src', /^blob:/);
    await expect
      .poll(() =>
        cover.evaluate((img) => {
          const image = img as unknown as { complete: boolean; naturalWidth: number };
          return image.complete && image.naturalWidth;
        }),
      )
      .toBe(400);

    await checkScreen(page, testInfo, 'library');

    // Keyboard: Tab reaches the tile's link, Enter opens the reader.
    const open = tile.getByRole('link', { name: 'Open PDF' });
    await expect(open).toHaveAttribute('href', `/reader/${sample.id}`);
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (
        await open.evaluate((link) => (link as unknown as { matches(s: string): boolean }).matches(':focus'))
      )
        break;
    }
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/reader/${sample.id}$`));
  });

  test('looks right in the dark theme and on a phone', async ({ page, baseURL, env }, testInfo) => {
    await signInNewAccount(page, baseURL!, env.nextEmail());
    await waitForSample(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/library');
    const cover = page.getByRole('img', { name: `Cover of ${SAMPLE_TITLE}` });
    await expect(cover).toBeVisible();
    await checkScreen(page, testInfo, 'library-dark');

    await page.setViewportSize({ width: 375, height: 740 });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(cover).toBeVisible();
    const box = await page.getByTestId('book-tile').first().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    const pageWidth = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(pageWidth).toBeLessThanOrEqual(375);
    await checkScreen(page, testInfo, 'library-phone');
  });

  test("shows 'Loading books...' while the list is slow", async ({ page, baseURL, env }) => {
    await signInNewAccount(page, baseURL!, env.nextEmail());
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/books/', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/library');
    await expect(page.getByText('Loading books...')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'My Books' })).toBeVisible();
    release();
    await expect(page.getByText('Loading books...')).toBeHidden();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('shows the error when the server fails', async ({ page, baseURL, env }, testInfo) => {
    await signInNewAccount(page, baseURL!, env.nextEmail());
    await page.route('**/api/books/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }),
    );
    await page.goto('/library');
    await expect(page.getByRole('alert')).toHaveText('Error: Request failed: 500 Internal Server Error');
    await expect(page.getByTestId('book-tile')).toHaveCount(0);
    await checkScreen(page, testInfo, 'library-error');
  });
});
