import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { APIRequestContext, Page } from '@playwright/test';
import { uploadsResponseSchema, type UploadsResponse } from '@threadbook/contracts';
import { corpus } from '@threadbook/test-support';
import {
  checkScreen,
  createAccount,
  expect,
  sharedBookPdf,
  SHARED_BOOKS,
  signIn,
  signInNewAccount,
  skipWithoutCorpus,
  test,
} from './support/fixtures.ts';
import { apiHeaders, drawnPage, SAMPLE_TITLE, waitForSample } from './support/reader.ts';

/**
 * Your own books (issue 17): a PDF added from the Library becomes a private book of its uploader, with the
 * upload's bytes and then the import's stages shown on its tile. The PDFs are the bundled sample (as the
 * worker's server built it), a real textbook read in place from ../shared/books, and files made here.
 */

const STAGE =
  /Waiting…|Checking the PDF…|Reading pages \d+ of \d+|Building the relationship graph…|Rendering the cover…|Saving…/;

/** The upload itself (POST /api/uploads?...), not the list. */
const UPLOAD_POST = /\/api\/uploads\?/;

/** Discrete Mathematics: An Open Introduction (292 pages, no Title metadata), in the corpus. */
const DMOI_PDF = 'dmoi/discretebook.pdf';

let scratch: string;
test.beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'threadbook-uploads-'));
});
test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A new account's Library on another server than the suite's (one started with its own settings). */
async function openLibraryOf(page: Page, request: APIRequestContext, baseURL: string, email: string) {
  await createAccount(request, baseURL, email);
  await page.goto(`${baseURL}/login`);
  await signIn(page, email);
  await page.goto(`${baseURL}/library`);
}

/**
 * A small real PDF made with pdfkit; `userPassword` encrypts it (the import refuses it); `pages` more pages
 * of uncompressed text make it larger.
 */
async function makePdf(
  name: string,
  options: { title: string; userPassword?: string; pages?: number },
): Promise<string> {
  const file = path.join(scratch, name);
  const doc = new PDFDocument({
    info: { Title: options.title, Author: 'E2E Author' },
    compress: !options.pages,
    ...(options.userPassword ? { userPassword: options.userPassword, ownerPassword: 'owner-secret' } : {}),
  });
  const out = createWriteStream(file);
  doc.pipe(out);
  doc.fontSize(28).text(options.title).fontSize(12).text('A paragraph of body text for the tests.');
  for (let page = 0; page < (options.pages ?? 0); page++)
    doc.addPage().text('More body text, page after page, to make the file larger. '.repeat(40));
  doc.end();
  await finished(out);
  return file;
}

/** GET /api/uploads with the page's session. */
async function uploadsOf(page: Page): Promise<UploadsResponse> {
  const answer = await page.request.get('/api/uploads', { headers: await apiHeaders(page) });
  expect(answer.status(), await answer.text()).toBe(200);
  return uploadsResponseSchema.parse(await answer.json());
}

/** Chooses `file` through the "Add a book" tile's file picker. */
async function chooseFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Add a book/ }).click();
  await (await chooser).setFiles(file);
}

/** The add form, once the PDF was read: its title field. */
function addDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Add a book' });
  return {
    dialog,
    title: dialog.getByRole('textbox', { name: 'Title' }),
    author: dialog.getByRole('textbox', { name: 'Author' }),
    add: dialog.getByRole('button', { name: 'Add book' }),
  };
}

test.describe('your own books', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a shared textbook added from the Library: upload and import progress, then a private book', async ({
    page,
    browser,
    baseURL,
    env,
  }, testInfo) => {
    skipWithoutCorpus(SHARED_BOOKS.linalg.pdf);
    await signInNewAccount(page, baseURL!, env.nextEmail());
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'My Books' })).toBeVisible();

    // Hold the server's answer to the upload, so the bytes' progress is there to see.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(UPLOAD_POST, async (route) => {
      if (route.request().method() === 'POST') await released;
      await route.continue();
    });

    await chooseFile(page, sharedBookPdf('linalg'));
    const form = addDialog(page);
    await expect(form.title).toHaveValue(SHARED_BOOKS.linalg.title);
    await form.title.fill('Exterior Products');
    await form.add.click();
    await expect(form.dialog).toBeHidden();

    const tile = page.getByTestId('upload-tile').filter({ hasText: 'Exterior Products' });
    await expect(tile.getByText(/Uploading… \d+%/)).toBeVisible();
    await expect(tile.getByRole('progressbar')).toBeVisible();
    release();

    // The import's stages on the same tile, from GET /api/uploads.
    await expect(tile.getByText(STAGE)).toBeVisible({ timeout: 30_000 });
    await checkScreen(page, testInfo, 'library-upload');

    const book = page.getByTestId('book-tile').filter({ hasText: 'Exterior Products' });
    await expect(book).toBeVisible({ timeout: 240_000 });
    await expect(tile).toHaveCount(0);
    await expect(book.getByText('Private', { exact: true })).toBeVisible();
    await expect(book.getByRole('button', { name: 'Rename' })).toBeVisible();
    await checkScreen(page, testInfo, 'library-private-book');

    // Another user's library does not have it.
    const other = await browser.newContext({ baseURL: baseURL! });
    const otherPage = await other.newPage();
    await signInNewAccount(otherPage, baseURL!, env.nextEmail());
    await otherPage.goto('/library');
    await expect(otherPage.getByTestId('book-tile').first()).toBeVisible({ timeout: 120_000 });
    await expect(otherPage.getByText('Exterior Products')).toHaveCount(0);
    await other.close();

    // Rename.
    await book.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename “Exterior Products”' });
    await rename.getByRole('textbox', { name: 'Title' }).fill('My Linear Algebra');
    await rename.getByRole('textbox', { name: 'Author' }).fill('S. Winitzki');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename).toBeHidden();
    const renamed = page.getByTestId('book-tile').filter({ hasText: 'My Linear Algebra' });
    await expect(renamed.getByText('S. Winitzki')).toBeVisible();

    // It opens in the reader.
    await renamed.getByRole('link', { name: 'Open PDF' }).click();
    await expect(drawnPage(page, 1)).toBeVisible({ timeout: 30_000 });
    await page.goto('/library');

    // Remove: Cancel keeps it, Remove removes it.
    await renamed.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove “My Linear Algebra”?' });
    await expect(confirm).toContainText(
      'Its files, relationship graph, bookmarks and reading position are deleted.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(renamed).toHaveCount(0);
    await expect(page.getByTestId('book-tile').filter({ hasText: SAMPLE_TITLE })).toBeVisible();
  });

  test('the sample PDF, which the library has already, is not imported again', async ({
    page,
    baseURL,
    env,
  }) => {
    await signInNewAccount(page, baseURL!, env.nextEmail());
    await waitForSample(page);
    await page.goto('/library');
    await chooseFile(page, path.join(env.server.dataDir, 'samples', 'sample-textbook.pdf'));
    const form = addDialog(page);
    await expect(form.title).not.toHaveValue('');
    await form.add.click();
    await expect(page.getByTestId('library-notice')).toHaveText('Already in your library');
    await expect(page.getByTestId('upload-tile')).toHaveCount(0);
    await expect(page.getByTestId('book-tile')).toHaveCount(1);
    expect((await uploadsOf(page)).uploads).toEqual([]);
  });

  test('an import shows its progress again after a reload', async ({ page, baseURL, env }) => {
    skipWithoutCorpus(DMOI_PDF);
    await signInNewAccount(page, baseURL!, env.nextEmail());
    await page.goto('/library');
    // dmoi's PDF has no Title metadata: the form guesses from its first page.
    await chooseFile(page, corpus.path(DMOI_PDF));
    const form = addDialog(page);
    await expect(form.title).not.toHaveValue('');
    await form.title.fill('Discrete Mathematics');
    await form.add.click();
    const tile = page.getByTestId('upload-tile').filter({ hasText: 'Discrete Mathematics' });
    await expect(tile.getByText(STAGE)).toBeVisible({ timeout: 30_000 });

    await page.reload();
    await expect(tile.getByText(STAGE)).toBeVisible();
    // While it reads pages, a progress bar says how many (checked in one look: the stage moves on).
    const bar = await tile.evaluate((element) => {
      // e2e code is typed without the DOM library: the little of an element this needs.
      const tileElement = element as unknown as {
        textContent: string | null;
        querySelector(selector: string): { getAttribute(name: string): string | null } | null;
      };
      if (!/Reading pages \d+ of \d+/.test(tileElement.textContent ?? '')) return 'not extracting';
      return tileElement.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? 'missing';
    });
    expect(bar).toMatch(/^(not extracting|\d+)$/);
    await expect(page.getByTestId('book-tile').filter({ hasText: 'Discrete Mathematics' })).toBeVisible({
      timeout: 240_000,
    });
  });

  test('offers no "Add a book" where uploads are off', async ({ page, request, env }) => {
    const server = await env.startExtraServer({ env: { UPLOADS: 'off', SAMPLE_BOOK: 'false' } });
    await openLibraryOf(page, request, server.baseURL, env.nextEmail());
    await expect(page.getByText('No books yet')).toBeVisible();
    await expect(page.getByRole('button', { name: /Add a book/ })).toHaveCount(0);
  });

  test('refuses a text file named .pdf, by picker or by drop, leaving nothing', async ({
    page,
    baseURL,
    env,
  }) => {
    await signInNewAccount(page, baseURL!, env.nextEmail());
    const notes = path.join(scratch, 'notes.pdf');
    writeFileSync(notes, 'These are my notes, not a PDF.\n');
    await page.goto('/library');
    await chooseFile(page, notes);
    await expect(page.getByRole('alert')).toHaveText('This file is not a PDF.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('upload-tile')).toHaveCount(0);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Dropped anywhere on the screen: the overlay while dragging, then the same refusal.
    const transfer = await page.evaluateHandle(() => {
      // e2e code is typed without the DOM library: the little of it this needs.
      const dom = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string, options: { type: string }) => unknown;
      };
      const data = new dom.DataTransfer();
      data.items.add(new dom.File(['plain text'], 'dropped.pdf', { type: 'application/pdf' }));
      return data;
    });
    await page.dispatchEvent('h1', 'dragenter', { dataTransfer: transfer });
    await expect(page.getByTestId('drop-overlay')).toBeVisible();
    await page.dispatchEvent('h1', 'drop', { dataTransfer: transfer });
    await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText('This file is not a PDF.');

    // The server refuses it too, and keeps nothing.
    const answer = await page.request.post('/api/uploads?fileName=notes.pdf', {
      headers: { ...(await apiHeaders(page)), 'Content-Type': 'application/pdf' },
      data: Buffer.from('These are my notes, not a PDF.\n'),
    });
    expect(answer.status()).toBe(415);
    expect(((await answer.json()) as { message: string }).message).toBe('This file is not a PDF.');
    expect((await uploadsOf(page)).uploads).toEqual([]);
  });

  test('refuses a PDF over MAX_BOOK_MB before sending it, and the server refuses it too', async ({
    page,
    request,
    env,
  }) => {
    const large = await makePdf('large.pdf', { title: 'A Larger Book', pages: 30 });
    expect(statSync(large).size).toBeGreaterThan(0.05 * 1024 * 1024);
    const server = await env.startExtraServer({ env: { MAX_BOOK_MB: '0.05', SAMPLE_BOOK: 'false' } });
    await openLibraryOf(page, request, server.baseURL, env.nextEmail());
    await chooseFile(page, large);
    await expect(page.getByRole('alert')).toHaveText('The file is larger than 0.05 MB.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('upload-tile')).toHaveCount(0);

    const answer = await page.request.post(`${server.baseURL}/api/uploads?fileName=large.pdf`, {
      headers: { ...(await apiHeaders(page)), 'Content-Type': 'application/pdf' },
      data: readFileSync(large),
    });
    expect(answer.status()).toBe(413);
    expect(((await answer.json()) as { message: string }).message).toBe('The file is larger than 0.05 MB.');
    const listed = await page.request.get(`${server.baseURL}/api/uploads`, {
      headers: await apiHeaders(page),
    });
    expect(uploadsResponseSchema.parse(await listed.json()).uploads).toEqual([]);
  });

  test("an encrypted PDF fails with the import's message, and Remove takes it away", async ({
    page,
    baseURL,
    env,
  }) => {
    await signInNewAccount(page, baseURL!, env.nextEmail());
    const locked = await makePdf('locked.pdf', { title: 'Locked Notes', userPassword: 'secret' });
    await page.goto('/library');
    await chooseFile(page, locked);
    const form = addDialog(page);
    // pdf.js cannot read it without the password: the file name it is.
    await expect(form.title).toHaveValue('locked');
    await form.add.click();

    const tile = page.getByTestId('upload-tile').filter({ hasText: 'locked' });
    await expect(tile.getByText(/protected by a password/)).toBeVisible({ timeout: 60_000 });
    const [failed] = (await uploadsOf(page)).uploads;
    expect(failed?.state).toBe('failed');
    await expect(tile.getByText(failed!.error!, { exact: true })).toBeVisible();
    await expect(tile.getByRole('button', { name: 'Retry' })).toHaveCount(failed!.retryable ? 1 : 0);
    await tile.getByRole('button', { name: 'Remove' }).click();
    await expect(tile).toHaveCount(0);
    expect((await uploadsOf(page)).uploads).toEqual([]);
  });
});
