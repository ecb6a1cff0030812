import type { Page } from '@playwright/test';
import { readerPreferencesSchema } from '@threadbook/contracts';
import { checkScreen, expect, SHARED_BOOKS, skipWithoutCorpus, test } from './support/fixtures.ts';
import { apiHeaders, drawnPage, openReader, originOf, signInToSharedBook } from './support/reader.ts';

/**
 * Night reading (issue 34): the page colours (normal, sepia, dark) from the toolbar's menu, drawn by
 * pdf.js's page colours (text and line art recoloured, raster images kept natural), kept on the server
 * as the user's preference and applied before the first page is drawn.
 *
 * linalg's first page holds the author's photograph (a 567 × 549 JPEG) beside its text.
 */

interface PagePixels {
  /** The page's top-left corner: its background. */
  corner: [number, number, number];
  /** The mean colour of the page's colourful pixels (the photograph), and how many there are. */
  photo: [number, number, number];
  photoPixels: number;
}

/**
 * Reads page 1's canvas. The photograph is where the pixels are colourful (channels far apart) in the
 * book's own colours; `region` (from a first reading) keeps the same pixels for a later one.
 */
async function readPixels(page: Page, region?: number[]): Promise<PagePixels & { region: number[] }> {
  return drawnPage(page, 1)
    .locator('canvas')
    .evaluate((element, known) => {
      const canvas = element as unknown as {
        width: number;
        height: number;
        getContext(kind: '2d'): {
          getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
        };
      };
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      const region: number[] = known ?? [];
      if (!known) {
        for (let i = 0; i < data.length; i += 4) {
          const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
          if (Math.max(r, g, b) - Math.min(r, g, b) > 40) region.push(i);
        }
      }
      const sum = [0, 0, 0];
      for (const i of region) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
      const mean = sum.map((value) => value / Math.max(1, region.length)) as [number, number, number];
      return { corner: [data[0]!, data[1]!, data[2]!], photo: mean, photoPixels: region.length, region };
    }, region);
}

const luminance = ([r, g, b]: [number, number, number]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

test.describe('night reading', () => {
  test.describe.configure({ timeout: 240_000 });
  skipWithoutCorpus(SHARED_BOOKS.linalg.pdf);

  test('dark pages: a dark background and light text, the photograph not inverted; kept on the server and drawn dark from the first page', async ({
    page,
    env,
    sharedBooks,
  }, testInfo) => {
    const book = await signInToSharedBook(page, env, sharedBooks, 'linalg');
    await openReader(page, book.id);
    const normal = await readPixels(page);
    expect(luminance(normal.corner)).toBeGreaterThan(230);
    expect(normal.photoPixels, 'the photograph is found on page 1').toBeGreaterThan(500);

    await page.getByRole('button', { name: 'Page display' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('.pdf-page').first()).toHaveClass(/pdf-page--dark/);
    await expect(drawnPage(page, 1)).toBeVisible();
    await expect.poll(async () => luminance((await readPixels(page, normal.region)).corner)).toBeLessThan(50);
    const dark = await readPixels(page, normal.region);
    // Not a negative: the photograph keeps its colours (an inverted one would be near 255 minus them).
    for (let c = 0; c < 3; c++) expect(Math.abs(dark.photo[c]! - normal.photo[c]!)).toBeLessThan(12);
    await checkScreen(page, testInfo, 'reader-dark-pages');

    // The preference is the user's, on the server.
    const answer = await page.request.get(`${originOf(page)}/api/me/preferences`, {
      headers: await apiHeaders(page),
    });
    expect(readerPreferencesSchema.parse(await answer.json()).pageColours).toBe('dark');

    // Opened again, every page comes dark from its first frame: no white page first.
    await page.addInitScript(() => {
      const w = globalThis as unknown as {
        __pageClasses: string[];
        MutationObserver: new (callback: (records: { addedNodes: ArrayLike<unknown> }[]) => void) => {
          observe(target: unknown, options: object): void;
        };
        document: unknown;
      };
      w.__pageClasses = [];
      new w.MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.addedNodes) as {
            classList?: { contains(c: string): boolean };
            className?: string;
            querySelectorAll?(s: string): ArrayLike<{ className: string }>;
          }[]) {
            if (node.classList?.contains('pdf-page')) w.__pageClasses.push(node.className!);
            for (const inner of Array.from(node.querySelectorAll?.('.pdf-page') ?? []))
              w.__pageClasses.push(inner.className);
          }
        }
      }).observe(w.document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(drawnPage(page, 1)).toBeVisible();
    const classes = await page.evaluate<string[]>('globalThis.__pageClasses');
    expect(classes.length).toBeGreaterThan(0);
    for (const name of classes) expect(name).toContain('pdf-page--dark');
    expect(luminance((await readPixels(page, normal.region)).corner)).toBeLessThan(50);

    // Sepia, then back to the book's own colours.
    await page.getByRole('button', { name: 'Page display' }).click();
    await page.getByRole('menuitemradio', { name: 'Sepia' }).click();
    await expect(page.locator('.pdf-page').first()).toHaveClass(/pdf-page--sepia/);
    await page.getByRole('button', { name: 'Page display' }).click();
    await page.getByRole('menuitemradio', { name: 'Normal' }).click();
    await expect(page.locator('.pdf-page').first()).toHaveClass(/pdf-page--normal/);
    await expect
      .poll(async () => luminance((await readPixels(page, normal.region)).corner))
      .toBeGreaterThan(230);
  });
});
