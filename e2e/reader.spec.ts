import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInNewAccount, test } from './support/fixtures.ts';
import {
  apiHeaders,
  box,
  canvasHasInk,
  drawnPage,
  openSample,
  SAMPLE_TITLE,
  signInAndWaitForSample,
  steadyBox,
} from './support/reader.ts';

const selectedText = (page: Page) => page.evaluate<string>('String(getSelection())');

test.describe('reader: PDF view', () => {
  test.describe.configure({ timeout: 180_000 });

  test('opens the sample book streamed by range requests, draws page 1 and later pages lazily', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
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
    // The scrolled column is as tall as every page, but only the pages near the view are in the document.
    const region = page.getByRole('region', { name: SAMPLE_TITLE });
    await expect(drawnPage(page, 1)).toBeVisible();
    const pageHeight = (await drawnPage(page, 1).boundingBox())!.height;
    expect(await region.evaluate((element) => element.scrollHeight)).toBeGreaterThan(
      sample.pageCount * pageHeight,
    );
    expect(await page.locator('.pdf-page').count()).toBeLessThanOrEqual(3);

    await expect(drawnPage(page, 1)).toBeVisible();
    expect(await canvasHasInk(page, 1)).toBe(true);
    await expect(drawnPage(page, 1).locator('.textLayer')).toContainText('Networks and Graphs');
    // Page fit (docs/product.md §9): the whole of page 1 fits in the viewer, filling its width or its height.
    const viewer = await page.getByRole('region', { name: SAMPLE_TITLE }).boundingBox();
    const first = await drawnPage(page, 1).boundingBox();
    expect(first!.width).toBeLessThanOrEqual(viewer!.width);
    expect(first!.height).toBeLessThanOrEqual(viewer!.height);
    expect(
      Math.max(first!.width / (viewer!.width - 24 - 15), first!.height / (viewer!.height - 24)),
    ).toBeGreaterThan(0.97);

    // Far pages are not there until scrolled to.
    const last = sample.pageCount;
    expect(last).toBeGreaterThan(10);
    await expect(page.locator(`.pdf-page[data-page-number="${last}"]`)).toHaveCount(0);
    await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(drawnPage(page, last)).toBeVisible();
    expect(await canvasHasInk(page, last)).toBe(true);
    // Pages far from the view are released: page 1 is gone, and few pages are drawn.
    await expect(page.locator('.pdf-page[data-page-number="1"]')).toHaveCount(0);
    expect(await page.locator('.pdf-page canvas').count()).toBeLessThanOrEqual(10);

    // Back at the top, page 1 is drawn again.
    await region.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(drawnPage(page, 1).locator('.textLayer')).toContainText('Networks and Graphs');

    // The file came in several ranges, each with the bearer token and answered 206. None asked for the whole
    // file, but its end (book-requests.ts), which is all of a file shorter than that.
    expect(pdfRequests.length).toBeGreaterThan(1);
    const fileSize = Number(/\/(\d+)$/.exec(pdfRequests[0]!.contentRange ?? '')?.[1]);
    for (const { status, range, authorization, contentRange } of pdfRequests) {
      expect(status).toBe(206);
      expect(authorization).toMatch(/^Bearer \S+$/);
      const [, from, to, suffix] = /^bytes=(?:(\d+)-(\d+)|-(\d+))$/.exec(range ?? '') ?? [];
      const asked = suffix
        ? [Math.max(0, fileSize - Number(suffix)), fileSize - 1]
        : [Number(from), Math.min(Number(to), fileSize - 1)];
      if (!suffix) expect(asked[1]! - asked[0]! + 1).toBeLessThan(fileSize);
      // Each answer is the range asked for, from the server (range-fetch.ts: no browser cache in between).
      expect(contentRange).toBe(`bytes ${asked[0]}-${asked[1]}/${fileSize}`);
    }
  });

  test('the page it opens at shows as its image before the app is drawn, where pdf.js then draws it', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const images: { url: URL; status: number; type: string | undefined; page: string | undefined }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('/image') && !url.pathname.endsWith('/opening-image')) return;
      const headers = response.headers();
      images.push({
        url,
        status: response.status(),
        type: headers['content-type'],
        page: headers['threadbook-page'],
      });
    });
    // Where the image stood the moment it appeared: over the page before the reader is there
    // (opening-overlay.ts), then on the reader's page until pdf.js has drawn it.
    await page.addInitScript({
      content: `window.openingImages = {};
        new MutationObserver(() => {
          for (const [name, selector] of [['overlay', '.opening-overlay img'], ['reader', '.pdf-page[data-page-number="1"] img.pdf-page__image']]) {
            const image = document.querySelector(selector);
            if (!image || window.openingImages[name]) continue;
            const { x, y, width, height } = image.getBoundingClientRect();
            const drawn = document.querySelector('.pdf-page[data-painted="true"]') !== null;
            const reader = document.querySelector('.reader') !== null;
            window.openingImages[name] = { x, y, width, height, drawn, reader };
          }
        }).observe(document, { childList: true, subtree: true });`,
    });
    type Seen = { x: number; y: number; width: number; height: number; drawn: boolean; reader: boolean };
    const seenImages = () =>
      page.evaluate(() => (globalThis as { openingImages?: Record<string, Seen> }).openingImages ?? {});
    // The first visit takes the reader's chrome as it is by default; the reload takes it as measured.
    for (const visit of ['first', 'reload']) {
      images.length = 0;
      // The PDF waits for the image, so pdf.js cannot draw the page before the image is shown.
      await page.route(`**/api/books/${sample.id}/files/book.pdf`, async (route) => {
        await expect.poll(() => images.length).toBeGreaterThan(0);
        await route.continue();
      });
      if (visit === 'first') await page.goto(`/reader/${sample.id}`);
      else await page.reload();
      await expect(drawnPage(page, 1)).toBeVisible();
      await page.unroute(`**/api/books/${sample.id}/files/book.pdf`);
      const seen = await seenImages();
      expect(seen.overlay, `${visit}: the image was shown before the reader`).toBeDefined();
      expect(seen.overlay!.reader, visit).toBe(false);
      expect(seen.overlay!.width).toBeGreaterThan(100);
      // Gone once the page is drawn, which stands where the image stood: no jump.
      await expect(page.locator('.opening-overlay, img.pdf-page__image')).toHaveCount(0);
      const drawnBox = await box(drawnPage(page, 1));
      for (const shown of [seen.overlay!, seen.reader].filter((image) => image !== undefined)) {
        expect(shown.drawn).toBe(false);
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(drawnBox[side] - shown[side]), `${visit}: ${side}`).toBeLessThanOrEqual(1);
        }
      }
      // One call: the server knows the page the student opens at.
      expect(images).toHaveLength(1);
      expect(images[0]!.url.pathname).toBe(`/api/books/${sample.id}/opening-image`);
      expect(images[0]!.status).toBe(200);
      expect(images[0]!.type).toBe('image/webp');
      expect(images[0]!.page).toBe('1');
      // The width asked for covers the page as shown, in device pixels (the test's are CSS pixels).
      expect(Number(images[0]!.url.searchParams.get('width'))).toBeGreaterThanOrEqual(seen.overlay!.width);
    }
  });

  test('a student who reads at night gets no image of the page: its colours would flash', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const answer = await page.request.patch(`${baseURL}/api/me/preferences`, {
      headers: await apiHeaders(page),
      data: { pageColours: 'dark' },
    });
    expect(answer.ok()).toBe(true);
    const images: string[] = [];
    page.on('response', (response) => {
      if (/\/(opening-)?image\?/.test(response.url())) images.push(`${response.status()} ${response.url()}`);
    });
    await page.addInitScript({
      content: `new MutationObserver(() => {
        if (document.querySelector('.opening-overlay, img.pdf-page__image')) window.imageShown = true;
      }).observe(document, { childList: true, subtree: true });`,
    });
    await page.goto(`/reader/${sample.id}`);
    await expect(drawnPage(page, 1)).toBeVisible();
    // The server answers that there is none to show.
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(
      new RegExp(`^204 ${baseURL}/api/books/${sample.id}/opening-image\\?width=\\d+$`),
    );
    expect(await page.evaluate(() => (globalThis as { imageShown?: boolean }).imageShown)).toBeUndefined();
  });

  test("opened by its address, each of the book's first calls is made once, also after a reload", async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const calls: string[] = [];
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    page.on('request', async (sent) => {
      const url = new URL(sent.url());
      // The ID token: index.html preloads it, and the app takes that answer instead of asking again.
      if (url.pathname === '/api/auth/token') calls.push('/token');
      // The first calls read; a PUT of the reading position (the saver stores the opening page after a
      // second, or at once when the page unloads) is no first call, whichever side of the reload it lands.
      if (!url.pathname.startsWith(`/api/books/${sample.id}/`) || sent.method() !== 'GET') return;
      const range = await sent.headerValue('range');
      calls.push(`${url.pathname.slice(`/api/books/${sample.id}`.length)}${range ? ` ${range}` : ''}`);
    });
    const firstCalls = () =>
      calls
        .filter((call) =>
          /^\/(token|metadata|position|files\/book\.xml|files\/book\.pdf bytes=(0-|-))/.test(call),
        )
        .sort();
    // The PDF's first 128 KiB and its last 256 KiB, together (book-requests.ts).
    const expected = [
      '/files/book.pdf bytes=-262144',
      '/files/book.pdf bytes=0-131071',
      '/files/book.xml',
      '/metadata',
      '/position',
      '/token',
    ];

    // The metadata, the position and the PDF's opening ranges go out while the reader's code loads
    // (prefetch.ts); the reader takes them instead of asking again. The XML follows the first page.
    await page.goto(`/reader/${sample.id}`);
    await expect(drawnPage(page, 1)).toBeVisible();
    await expect.poll(firstCalls).toEqual(expected);

    calls.length = 0;
    await page.reload();
    await expect(drawnPage(page, 1)).toBeVisible();
    await expect.poll(firstCalls).toEqual(expected);
    // Chromium warns about a preload nobody used (or used with other request settings).
    expect(warnings).toEqual([]);
  });

  test('text on a page can be selected; a drag into the blank space past the words ends beside the pointer, as on a page of text', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    await page.goto(`/reader/${sample.id}`);
    const textLayer = drawnPage(page, 1).locator('.textLayer');
    await expect(textLayer).toContainText('Networks and Graphs');
    await textLayer.getByText('Networks and Graphs', { exact: false }).first().selectText();
    expect(await selectedText(page)).toContain('Networks');

    // The preface (page 3): one span per line, a paragraph of full lines ending in a short one.
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Next page' }).click();
    const preface = drawnPage(page, 3);
    await expect(preface).toBeVisible();
    await preface.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const pageBox = await steadyBox(preface);
    const lines = await preface.locator('.textLayer span:not(.markedContent)').evaluateAll((spans) =>
      spans.map((span) => {
        const { x, y, width, height } = span.getBoundingClientRect();
        return { text: span.textContent ?? '', box: { x, y, width, height } };
      }),
    );
    const words = lines.filter(({ text }) => /^[A-Za-z][A-Za-z ,.]{30,}$/.test(text));
    const middle = (line: (typeof lines)[number]) => line.box.y + line.box.height / 2;
    const margin = { left: pageBox.x + 4, right: pageBox.x + pageBox.width - 4 };
    /** Drags from the middle of `from` (along it a little, then to x, y) and answers the selection. */
    const dragTo = async (from: (typeof lines)[number], x: number, y: number) => {
      await page.evaluate('getSelection().removeAllRanges()');
      await page.mouse.move(from.box.x + from.box.width / 2, middle(from));
      await page.mouse.down();
      await page.mouse.move(from.box.x + from.box.width / 2 + 30, middle(from), { steps: 3 });
      await page.mouse.move(x, y, { steps: 12 });
      // The drag passes over references on its way: none opens a preview over the page.
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      await page.mouse.up();
      return selectedText(page);
    };
    const [above, line, below, twoBelow] = [words[0]!, words[1]!, words[2]!, words[3]!];
    const tail = (text: string) => text.trimEnd().slice(-20);

    // Into the right margin beside the line: to its end, not on through the rest of the page.
    let selected = await dragTo(line, margin.right, middle(line));
    expect(selected.trimEnd().slice(-20)).toBe(tail(line.text));
    expect(selected.length).toBeLessThan(line.text.length);
    // Into the left margin two lines down: the line before it, whole, and none of that line.
    selected = await dragTo(line, margin.left, middle(twoBelow));
    expect(selected.trimEnd().slice(-20)).toBe(tail(below.text));
    expect(selected).not.toContain(twoBelow.text.slice(0, 12));
    // Below the paragraph's short last line, right of its end: that line's end.
    const last = lines.findLast(({ text }) => /[A-Za-z]{2}/.test(text))!;
    expect(last.box.width, 'the last line is short').toBeLessThan(line.box.width / 2);
    selected = await dragTo(line, last.box.x + last.box.width + 60, last.box.y + last.box.height * 2);
    expect(selected.trimEnd().slice(-20)).toBe(tail(last.text));
    // Back up into the left margin of the line above: from that line's start.
    selected = await dragTo(line, margin.left, middle(above));
    expect(selected.slice(0, 20)).toBe(above.text.slice(0, 20));
    expect(selected.length).toBeLessThan(above.text.length + line.text.length);
  });

  test('a bad or missing id shows the error state', async ({ page, env, baseURL }) => {
    await signInNewAccount(page, baseURL!, env.nextEmail());
    await page.goto('/reader/abc');
    await expect(page.getByRole('heading', { name: 'Error Loading Book' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Invalid document ID');

    await page.goto('/reader');
    await expect(page.getByRole('heading', { name: 'Error Loading Book' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('No document ID provided');
  });

  test("pdf.js's worker that cannot be loaded is 'Failed to load book', not a wait without end", async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    await page.route('**/assets/pdf.worker.min-*.mjs', (route) => route.abort());
    await page.goto(`/reader/${sample.id}`);
    await expect(page.getByRole('heading', { name: 'Error Loading Book' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Failed to load book');

    // A later visit starts a new worker.
    await page.unroute('**/assets/pdf.worker.min-*.mjs');
    await page.goto('/library');
    await page
      .getByRole('link', { name: /Open PDF/ })
      .first()
      .click();
    await expect(drawnPage(page, 1)).toBeVisible();
  });

  for (const [file, message] of [
    ['book.pdf', 'PDF file not found for this book'],
    ['book.xml', 'XML file not found for this book'],
  ] as const) {
    test(`a book whose ${file} is missing says '${message}'`, async ({ page, env, baseURL }) => {
      const sample = await signInAndWaitForSample(page, env, baseURL!);
      const stored = path.join(env.server.dataDir, 'books', String(sample.id), file);
      renameSync(stored, `${stored}.away`);
      try {
        await page.goto(`/reader/${sample.id}`);
        await expect(page.getByRole('heading', { name: 'Error Loading Book' })).toBeVisible();
        await expect(page.getByRole('alert')).toContainText(message);
      } finally {
        renameSync(`${stored}.away`, stored);
      }
    });
  }
});

test.describe('reader: toolbar, table of contents and keys', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a table-of-contents jump moves the page and undo and redo follow the history', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await openSample(page, env, baseURL!);
    const pageInput = page.getByRole('textbox', { name: 'Page number' });
    const toc = page.getByRole('navigation', { name: 'Table of Contents' });
    await expect(pageInput).toHaveValue('1');
    await expect(toc).toBeHidden();
    await expect(page.getByRole('button', { name: 'Undo navigation' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Clear navigation history' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle table of contents' }).click();
    await expect(toc).toBeVisible();
    const chapter = toc.locator('.toc__chapter').nth(1).locator('.toc__entry');
    const target = Number(await chapter.getAttribute('data-page-number'));
    expect(target).toBeGreaterThan(1);
    await chapter.click();
    await expect(pageInput).toHaveValue(String(target));
    // The parsed outline is cached for the next visit (docs/product.md §4).
    const cached = await page.evaluate(
      (key) =>
        (
          globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
        ).localStorage.getItem(key),
      `threadbook:outline:${sample.id}`,
    );
    expect(JSON.parse(cached!)).toMatchObject({ bookTitle: SAMPLE_TITLE });
    await expect(drawnPage(page, target)).toBeVisible();
    await expect(chapter).toHaveAttribute('aria-current', 'location');

    await page.getByRole('button', { name: 'Undo navigation' }).click();
    await expect(pageInput).toHaveValue('1');
    await expect(page.getByRole('button', { name: 'Redo navigation' })).toBeEnabled();
    await page.getByRole('button', { name: 'Redo navigation' }).click();
    await expect(pageInput).toHaveValue(String(target));

    // Keys: [ undoes; Shift+Backspace clears the history, and the clear button goes away.
    await page.keyboard.press('[');
    await expect(pageInput).toHaveValue('1');
    await page.getByRole('button', { name: 'Clear navigation history' }).click();
    await expect(page.getByRole('button', { name: 'Clear navigation history' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Redo navigation' })).toBeDisabled();
  });

  test('next, previous and the page input turn pages; a page out of range reverts', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await openSample(page, env, baseURL!);
    const pageInput = page.getByRole('textbox', { name: 'Page number' });
    await expect(page.getByText(`/ ${sample.pageCount}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(pageInput).toHaveValue('2');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(pageInput).toHaveValue('3');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(pageInput).toHaveValue('2');

    await pageInput.fill('7');
    await pageInput.press('Enter');
    await expect(pageInput).toHaveValue('7');
    await expect(drawnPage(page, 7)).toBeVisible();

    await pageInput.fill(String(sample.pageCount + 1));
    await pageInput.press('Enter');
    await expect(pageInput).toHaveValue('7');

    // Arrow keys turn pages too, but not while typing in the input.
    await page.getByRole('region', { name: SAMPLE_TITLE }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(pageInput).toHaveValue('8');
    await page.keyboard.press('ArrowLeft');
    await expect(pageInput).toHaveValue('7');
    // Page turns are not recorded in the history.
    await expect(page.getByRole('button', { name: 'Undo navigation' })).toBeDisabled();
  });

  test('zoom buttons, the percentage input and keys change the scale the pages are drawn at', async ({
    page,
    env,
    baseURL,
  }) => {
    await openSample(page, env, baseURL!);
    const zoomInput = page.getByRole('textbox', { name: 'Zoom percentage' });
    const fit = Number(await zoomInput.inputValue());
    expect(fit).toBeGreaterThan(10);
    const widthAtFit = (await drawnPage(page, 1).boundingBox())!.width;

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoomInput).toHaveValue(String(fit + 25));
    // The input shows the fit rounded to a whole percent: the width follows the exact scale within 0.5%.
    await expect
      .poll(
        async () =>
          (await page.locator('.pdf-page[data-page-number="1"]').boundingBox())!.width /
          ((widthAtFit * (fit + 25)) / fit),
      )
      .toBeCloseTo(1, 2);

    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    // The − button stops at 25% (docs/product.md §5).
    await expect(zoomInput).toHaveValue(String(Math.max(25, fit - 25)));

    await zoomInput.fill('150');
    await zoomInput.press('Enter');
    await expect(zoomInput).toHaveValue('150');
    await zoomInput.fill('600');
    await zoomInput.press('Enter');
    await expect(zoomInput).toHaveValue('150');

    // + and - move through the finer step table: 150% -> 170% -> 150%.
    await page.getByRole('region', { name: SAMPLE_TITLE }).focus();
    await page.keyboard.press('+');
    await expect(zoomInput).toHaveValue('170');
    await page.keyboard.press('-');
    await expect(zoomInput).toHaveValue('150');
  });

  test('B toggles the table of contents, Shift+P the related panel', async ({ page, env, baseURL }) => {
    await openSample(page, env, baseURL!);
    const toc = page.getByRole('navigation', { name: 'Table of Contents' });
    const related = page.getByRole('complementary', { name: 'Related paragraphs' });
    await expect(toc).toBeHidden();
    await page.keyboard.press('b');
    await expect(toc).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle table of contents' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('b');
    await expect(toc).toBeHidden();

    await expect(related).toBeHidden();
    await page.keyboard.press('Shift+P');
    await expect(related).toBeVisible();
    await expect(related).toContainText('Click on a paragraph anchor in the PDF to view its relationships.');
    await page.getByRole('button', { name: 'Toggle related panel' }).click();
    await expect(related).toBeHidden();
  });

  test('fullscreen fills the screen and hides the navigation bar; Shift+F leaves it', async ({
    page,
    env,
    baseURL,
  }) => {
    await openSample(page, env, baseURL!);
    const isFullscreen = () =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { fullscreenElement: unknown } }).document
            .fullscreenElement !== null,
      );
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();

    await page.getByRole('button', { name: 'Toggle fullscreen' }).click();
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Toggle fullscreen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await isFullscreen()).toBe(true);
    const reader = await page.locator('main.reader').boundingBox();
    expect(reader!.height).toBe(page.viewportSize()!.height);

    await page.keyboard.press('Shift+F');
    await expect(nav).toBeVisible();
    expect(await isFullscreen()).toBe(false);
  });

  test('a book whose XML does not parse says so', async ({ page, env, baseURL }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const xml = path.join(env.server.dataDir, 'books', String(sample.id), 'book.xml');
    const original = readFileSync(xml);
    writeFileSync(xml, '<library><shelf/></library>');
    try {
      await page.goto(`/reader/${sample.id}`);
      await expect(page.getByRole('heading', { name: 'Error Loading Book' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('Failed to parse XML file');
    } finally {
      writeFileSync(xml, original);
    }
  });
});
