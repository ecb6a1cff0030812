import { renameSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { bookListSchema, bookMetadataSchema, type BookMetadata } from '@threadbook/contracts';
import { expect, signInNewAccount, test, type WorkerEnv } from './support/fixtures.ts';

/** Every worker's server imports the bundled sample textbook in the background on its first start. */
const SAMPLE_TITLE = 'Networks and Graphs: A Gentle Introduction';

/** The sample book's metadata, with the page's own session, once the sample import has finished. */
async function waitForSample(page: Page): Promise<BookMetadata> {
  let metadata: BookMetadata | undefined;
  await expect(async () => {
    const token = await page.request.get('/api/auth/token');
    expect(token.ok()).toBe(true);
    const { token: idToken } = (await token.json()) as { token: string };
    const headers = { Authorization: `Bearer ${idToken}` };
    const list = await page.request.get('/api/books/', { headers });
    const sample = bookListSchema.parse(await list.json()).find((book) => book.title === SAMPLE_TITLE);
    expect(sample, 'the sample book is not imported yet').toBeDefined();
    const answer = await page.request.get(`/api/books/${sample!.id}/metadata`, { headers });
    metadata = bookMetadataSchema.parse(await answer.json());
  }).toPass({ timeout: 120_000, intervals: [500, 1000] });
  return metadata!;
}

async function signInAndWaitForSample(
  page: Page,
  request: APIRequestContext,
  env: WorkerEnv,
  baseURL: string,
): Promise<BookMetadata> {
  await signInNewAccount(page, request, baseURL, env.nextEmail());
  return waitForSample(page);
}

/** A page of the viewer, once drawn (canvas painted and text layer filled). */
function drawnPage(page: Page, pageNumber: number) {
  return page.locator(`.pdf-page[data-page-number="${pageNumber}"][data-painted="true"]`);
}

/** Whether the canvas has any non-white pixel: a drawn page, not a blank one. */
async function canvasHasInk(page: Page, pageNumber: number): Promise<boolean> {
  return drawnPage(page, pageNumber)
    .locator('canvas')
    .evaluate((element) => {
      // e2e code is typed without the DOM library: the little of a canvas this needs.
      const canvas = element as unknown as {
        width: number;
        height: number;
        getContext(kind: '2d'): { getImageData(...box: number[]): { data: Uint8ClampedArray } } | null;
      };
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) return false;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) return true;
      }
      return false;
    });
}

test.describe('reader: PDF view', () => {
  test.describe.configure({ timeout: 180_000 });

  test('opens the sample book streamed by range requests, draws page 1 and later pages lazily', async ({
    page,
    request,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, request, env, baseURL!);
    const pdfRequests: { status: number; range?: string; authorization?: string; contentRange?: string }[] =
      [];
    page.on('response', async (response) => {
      if (!response.url().endsWith(`/api/books/${sample.id}/files/book.pdf`)) return;
      const headers = await response.request().allHeaders();
      pdfRequests.push({
        status: response.status(),
        range: headers.range,
        authorization: headers.authorization,
        contentRange: response.headers()['content-range'],
      });
    });

    await page.goto(`/reader/${sample.id}`);
    await expect(page.getByRole('region', { name: SAMPLE_TITLE })).toBeVisible();
    // A slot for every page, drawn or not.
    await expect(page.locator('.pdf-page')).toHaveCount(sample.pageCount);

    await expect(drawnPage(page, 1)).toBeVisible();
    expect(await canvasHasInk(page, 1)).toBe(true);
    await expect(drawnPage(page, 1).locator('.textLayer')).toContainText('Networks and Graphs');
    // Page fit: page 1 fills the viewer's width (less the gaps and the scrollbar's gutter).
    const viewer = await page.getByRole('region', { name: SAMPLE_TITLE }).boundingBox();
    const first = await drawnPage(page, 1).boundingBox();
    expect(first!.width).toBeGreaterThan(viewer!.width - 60);
    expect(first!.width).toBeLessThanOrEqual(viewer!.width);

    // Far pages are placeholders until scrolled to.
    const last = sample.pageCount;
    expect(last).toBeGreaterThan(10);
    await expect(page.locator(`.pdf-page[data-page-number="${last}"] canvas`)).toHaveCount(0);
    await page.locator(`.pdf-page[data-page-number="${last}"]`).scrollIntoViewIfNeeded();
    await expect(drawnPage(page, last)).toBeVisible();
    expect(await canvasHasInk(page, last)).toBe(true);
    // Pages far from the view are released: page 1 has no canvas any more, and few pages are drawn.
    await expect(page.locator('.pdf-page[data-page-number="1"] canvas')).toHaveCount(0);
    expect(await page.locator('.pdf-page canvas').count()).toBeLessThanOrEqual(10);

    // Back at the top, page 1 is drawn again.
    await page.locator('.pdf-page[data-page-number="1"]').scrollIntoViewIfNeeded();
    await expect(drawnPage(page, 1).locator('.textLayer')).toContainText('Networks and Graphs');

    // The file came in several ranges, each with the bearer token and answered 206, none the whole file.
    expect(pdfRequests.length).toBeGreaterThan(1);
    const fileSize = Number(/\/(\d+)$/.exec(pdfRequests[0]!.contentRange ?? '')?.[1]);
    for (const { status, range, authorization, contentRange } of pdfRequests) {
      expect(status).toBe(206);
      expect(authorization).toMatch(/^Bearer \S+$/);
      const [, from, to] = /^bytes=(\d+)-(\d+)$/.exec(range ?? '') ?? [];
      expect(contentRange).toBe(`bytes ${from}-${to}/${fileSize}`);
      expect(Number(to) - Number(from) + 1).toBeLessThan(fileSize);
    }
  });

  test('text on a page can be selected', async ({ page, request, env, baseURL }) => {
    const sample = await signInAndWaitForSample(page, request, env, baseURL!);
    await page.goto(`/reader/${sample.id}`);
    const textLayer = drawnPage(page, 1).locator('.textLayer');
    await expect(textLayer).toContainText('Networks and Graphs');
    await textLayer.getByText('Networks and Graphs', { exact: false }).first().selectText();
    expect(
      await page.evaluate(() =>
        String((globalThis as unknown as { getSelection(): unknown }).getSelection()),
      ),
    ).toContain('Networks');
  });

  test('a bad or missing id shows the error state', async ({ page, request, env, baseURL }) => {
    await signInNewAccount(page, request, baseURL!, env.nextEmail());
    await page.goto('/reader/abc');
    await expect(page.getByRole('heading', { name: 'Error Loading Book' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Invalid document ID');

    await page.goto('/reader');
    await expect(page.getByRole('heading', { name: 'Error Loading Book' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('No document ID provided');
  });

  test('a book whose PDF is missing says so', async ({ page, request, env, baseURL }) => {
    const sample = await signInAndWaitForSample(page, request, env, baseURL!);
    const pdf = path.join(env.server.dataDir, 'books', String(sample.id), 'book.pdf');
    renameSync(pdf, `${pdf}.away`);
    try {
      await page.goto(`/reader/${sample.id}`);
      await expect(page.getByRole('heading', { name: 'Error Loading Book' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('PDF file not found for this book');
    } finally {
      renameSync(`${pdf}.away`, pdf);
    }
  });
});
