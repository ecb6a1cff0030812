import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { annotationListSchema, type Annotation, type AnnotationRequest } from '@threadbook/contracts';
import {
  checkScreen,
  expect,
  signInNewAccount,
  SHARED_BOOKS,
  skipWithoutCorpus,
  test,
} from './support/fixtures.ts';
import {
  aataLabel,
  box,
  apiHeaders,
  drawnPage,
  fetchGraph,
  openReader,
  openSample,
  originOf,
  relationshipsOf,
  signInToSharedBook,
  turnToPage,
  waitForSample,
} from './support/reader.ts';

/**
 * Highlights and notes (issue 34): words selected on a page are highlighted from the selection's toolbar
 * (or with H), drawn at every zoom, kept on the server per user and book, edited and deleted (with undo)
 * from a small dialog, listed in the Notes tab, shown in the Related panel, exported, found by find, and
 * kept through a new import of the book.
 */

/** A page of aata's chapter 3 (Groups): running text with relationships. */
const AATA_PAGE = 50;

const annotationsPath = (page: Page, bookId: number) => `${originOf(page)}/api/books/${bookId}/annotations`;

async function listAnnotations(page: Page, bookId: number): Promise<Annotation[]> {
  const answer = await page.request.get(annotationsPath(page, bookId), { headers: await apiHeaders(page) });
  expect(answer.status(), await answer.text()).toBe(200);
  return annotationListSchema.parse(await answer.json());
}

/** How much two boxes overlap: the shared area over the smaller one's. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  return (width * height) / Math.min(a.width * a.height, b.width * b.height);
}

/** A text-layer span of page `pageNumber` holding a run of words (not a page number or a lone symbol). */
async function wordsSpan(page: Page, pageNumber: number): Promise<Locator> {
  const spans = drawnPage(page, pageNumber).locator('.textLayer span:not(.markedContent)');
  await expect(spans.first()).toBeAttached();
  const index = await spans.evaluateAll((elements) =>
    elements.findIndex((element) => /^[A-Za-z][A-Za-z ,]{30,}$/.test(element.textContent ?? '')),
  );
  expect(index, 'the page has a line of words').toBeGreaterThanOrEqual(0);
  return spans.nth(index);
}

/** Selects the words of `span` with the mouse, as a student drags across them. */
async function dragAcross(page: Page, span: Locator): Promise<string> {
  await span.scrollIntoViewIfNeeded();
  const { x, y, width, height } = await box(span);
  await page.mouse.move(x + 1, y + height / 2);
  await page.mouse.down();
  await page.mouse.move(x + width / 2, y + height / 2, { steps: 4 });
  await page.mouse.move(x + width - 1, y + height / 2, { steps: 4 });
  await page.mouse.up();
  return page.evaluate<string>('String(getSelection())');
}

function selectionToolbar(page: Page) {
  return page.getByRole('toolbar', { name: 'Highlight the selection' });
}

function notesTab(page: Page) {
  return page.getByRole('tab', { name: /^Notes \(\d+\)$/ });
}

function notesPanel(page: Page) {
  return page.getByRole('region', { name: 'Notes', exact: true });
}

async function openNotesTab(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle table of contents' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await notesTab(page).click();
  await expect(notesPanel(page)).toBeVisible();
}

/** The drawn highlight boxes of page `pageNumber`. */
function highlightsOn(page: Page, pageNumber: number) {
  return drawnPage(page, pageNumber).locator('.study-highlight');
}

/** Clicks the middle of the first box of a drawn highlight: its dialog opens. */
async function openHighlight(page: Page, highlight: Locator) {
  const { x, y, width, height } = await box(highlight);
  await page.mouse.click(x + width / 2, y + height / 2);
  const dialog = page.getByRole('dialog', { name: 'Highlight' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('highlights and notes on a real textbook', () => {
  test.describe.configure({ timeout: 240_000 });
  skipWithoutCorpus(SHARED_BOOKS.aata.pdf);

  test('words selected on a page are highlighted, kept through a reload and drawn in place at another zoom; a note is written, edited, deleted and brought back', async ({
    page,
    env,
    sharedBooks,
  }, testInfo) => {
    const book = await signInToSharedBook(page, env, sharedBooks, 'aata');
    await openReader(page, book.id);
    await turnToPage(page, AATA_PAGE, aataLabel(AATA_PAGE));

    const span = await wordsSpan(page, AATA_PAGE);
    const spanText = (await span.textContent())!;
    const selected = await dragAcross(page, span);
    expect(selected.trim().length).toBeGreaterThan(20);
    await expect(selectionToolbar(page)).toBeVisible();
    await checkScreen(page, testInfo, 'reader-selection-toolbar');
    await selectionToolbar(page).getByRole('button', { name: 'Highlight green' }).click();

    await expect(highlightsOn(page, AATA_PAGE)).toHaveCount(1);
    await expect(highlightsOn(page, AATA_PAGE).first()).toHaveClass(/study-highlight--green/);
    await expect(selectionToolbar(page)).toBeHidden();
    const [stored] = await listAnnotations(page, book.id);
    expect(stored!.colour).toBe('green');
    expect(spanText).toContain(stored!.target.quote.exact);
    expect(stored!.target.quote.exact.length).toBeGreaterThan(20);
    expect(stored!.target).toMatchObject({ page: AATA_PAGE, pageLabel: aataLabel(AATA_PAGE) });
    expect(stored!.target.paragraphId, 'the highlight knows its paragraph').toMatch(/\S/);
    expect(overlap(await box(highlightsOn(page, AATA_PAGE).first()), await box(span))).toBeGreaterThan(0.8);

    // Another device, or a reload, at another zoom: the highlight is still over its words.
    await page.reload();
    await expect(drawnPage(page, AATA_PAGE)).toBeVisible();
    const before = await box(drawnPage(page, AATA_PAGE));
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect
      .poll(async () => (await box(drawnPage(page, AATA_PAGE))).width)
      .toBeGreaterThan(before.width * 1.1);
    const zoomedSpan = await wordsSpan(page, AATA_PAGE);
    await zoomedSpan.scrollIntoViewIfNeeded();
    await expect(highlightsOn(page, AATA_PAGE)).toHaveCount(1);
    expect(overlap(await box(highlightsOn(page, AATA_PAGE).first()), await box(zoomedSpan))).toBeGreaterThan(
      0.8,
    );

    // A note, written in the highlight's dialog and then changed; the colour changed there too.
    let dialog = await openHighlight(page, highlightsOn(page, AATA_PAGE).first());
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Ask about the converse.\nSee exercise 4.');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(dialog).toBeHidden();
    await openNotesTab(page);
    await expect(notesPanel(page).getByRole('button', { name: /Ask about the converse\./ })).toBeVisible();
    dialog = await openHighlight(page, highlightsOn(page, AATA_PAGE).first());
    await expect(dialog.getByRole('textbox', { name: 'Note' })).toHaveValue(
      'Ask about the converse.\nSee exercise 4.',
    );
    await checkScreen(page, testInfo, 'reader-notes');
    await dialog.getByRole('button', { name: 'Make it pink' }).click();
    await expect(dialog.getByRole('button', { name: 'Make it pink' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await dialog.getByRole('textbox', { name: 'Note' }).fill('The converse fails: S3.');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(notesPanel(page).getByRole('button', { name: /The converse fails: S3\./ })).toBeVisible();
    await expect(highlightsOn(page, AATA_PAGE).first()).toHaveClass(/study-highlight--pink/);
    expect(await listAnnotations(page, book.id)).toMatchObject([
      { colour: 'pink', note: 'The converse fails: S3.' },
    ]);

    // Deleted, then brought back with Undo: the same words, colour and note.
    dialog = await openHighlight(page, highlightsOn(page, AATA_PAGE).first());
    await dialog.getByRole('button', { name: 'Delete highlight' }).click();
    await expect(highlightsOn(page, AATA_PAGE)).toHaveCount(0);
    await expect(notesTab(page)).toHaveText('Notes (0)');
    const undo = page.getByRole('status').filter({ hasText: 'Highlight deleted' });
    await undo.getByRole('button', { name: 'Undo' }).click();
    await expect(highlightsOn(page, AATA_PAGE)).toHaveCount(1);
    await expect(notesTab(page)).toHaveText('Notes (1)');
    const [restored] = await listAnnotations(page, book.id);
    expect(restored).toMatchObject({
      colour: 'pink',
      note: 'The converse fails: S3.',
      target: stored!.target,
    });

    // Deleted for good: the notice goes by itself and nothing comes back.
    dialog = await openHighlight(page, highlightsOn(page, AATA_PAGE).first());
    await dialog.getByRole('button', { name: 'Delete highlight' }).click();
    await expect(undo).toBeHidden({ timeout: 15_000 });
    expect(await listAnnotations(page, book.id)).toEqual([]);
  });

  test('H highlights the selection; the Notes tab lists, filters and jumps (Back returns); find finds the note; the Related panel shows the words; Markdown export holds them', async ({
    page,
    env,
    sharedBooks,
  }) => {
    const book = await signInToSharedBook(page, env, sharedBooks, 'aata');
    await openReader(page, book.id);
    const graph = await fetchGraph(page, book.id);
    await turnToPage(page, AATA_PAGE, aataLabel(AATA_PAGE));

    await dragAcross(page, await wordsSpan(page, AATA_PAGE));
    await expect(selectionToolbar(page)).toBeVisible();
    await page.keyboard.press('h');
    await expect(highlightsOn(page, AATA_PAGE)).toHaveCount(1);
    await expect(highlightsOn(page, AATA_PAGE).first()).toHaveClass(/study-highlight--yellow/);
    const dialog = await openHighlight(page, highlightsOn(page, AATA_PAGE).first());
    await dialog.getByRole('textbox', { name: 'Note' }).fill('quasigroup thoughts\nsecond line');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    const [mine] = await listAnnotations(page, book.id);
    expect(mine!.target.paragraphId).toBeTruthy();

    // The Notes tab, from another page: the entry jumps back to the words, and Back (undo) returns.
    await turnToPage(page, 10, aataLabel(10));
    await openNotesTab(page);
    const entry = notesPanel(page).getByRole('button', {
      name: new RegExp(`^p\\. ${aataLabel(AATA_PAGE)} `),
    });
    await expect(entry).toContainText(mine!.target.quote.exact.slice(0, 20));
    await expect(entry).toContainText('quasigroup thoughts');
    await expect(entry).not.toContainText('second line');
    await entry.click();
    await expect(page.getByRole('textbox', { name: 'Page number' })).toHaveValue(aataLabel(AATA_PAGE));
    await page.keyboard.press('[');
    await expect(page.getByRole('textbox', { name: 'Page number' })).toHaveValue(aataLabel(10));
    // The colour filter.
    await notesPanel(page).getByRole('button', { name: 'blue' }).click();
    await expect(entry).toBeHidden();
    await expect(notesPanel(page)).toContainText('No highlights of this colour.');
    await notesPanel(page).getByRole('button', { name: 'All' }).click();
    await expect(entry).toBeVisible();

    // Export: the Markdown file holds the book, the words, the note and the page label.
    const downloading = page.waitForEvent('download');
    await notesPanel(page).getByRole('button', { name: 'Export Markdown' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`book-${book.id}-notes.md`);
    const markdown = readFileSync((await download.path())!, 'utf8');
    expect(markdown).toMatch(/^# Abstract Algebra/);
    expect(markdown).toContain(`> ${mine!.target.quote.exact}`);
    expect(markdown).toContain('quasigroup thoughts\nsecond line');
    expect(markdown).toContain(`p. ${aataLabel(AATA_PAGE)}`);

    // Find in the book finds the student's own note beside the book's words.
    await page.keyboard.press('Control+f');
    await page
      .getByRole('search', { name: 'Find in book' })
      .getByRole('textbox', { name: 'Find in book' })
      .fill('quasigroup thoughts');
    const found = page.getByRole('list', { name: 'In your notes' });
    await expect(found.getByRole('button')).toHaveCount(1);
    await turnToPage(page, 10, aataLabel(10));
    await found.getByRole('button').click();
    await expect(page.getByRole('textbox', { name: 'Page number' })).toHaveValue(aataLabel(AATA_PAGE));
    await page.keyboard.press('Escape');

    // The Related panel: an item whose paragraph the student highlighted shows the words and the note.
    const { nodes } = relationshipsOf(graph);
    const edge = graph.edges.find(
      (e) => e.target === mine!.target.paragraphId || e.source === mine!.target.paragraphId,
    );
    expect(edge, 'the highlighted paragraph has a relationship').toBeDefined();
    const other = edge!.source === mine!.target.paragraphId ? edge!.target : edge!.source;
    const otherNode = nodes.get(other)!;
    await turnToPage(page, otherNode.page, aataLabel(otherNode.page));
    await page.locator(`.paragraph-anchor__button[data-paragraph-id="${other}"]`).click();
    const panel = page.getByRole('complementary', { name: 'Related paragraphs' });
    const own = panel.getByRole('group', { name: 'Your highlights and notes' });
    await expect(own.first()).toContainText(mine!.target.quote.exact.slice(0, 30));
    await expect(own.first()).toContainText('quasigroup thoughts');
  });
});

test.describe('highlights and notes: privacy and a new import', () => {
  test.describe.configure({ timeout: 180_000 });

  test('another user gets 404 on the annotation routes and sees none', async ({
    page,
    browser,
    env,
    baseURL,
  }) => {
    const sample = await openSample(page, env, baseURL!);
    const target: AnnotationRequest['target'] = {
      page: 6,
      quote: { exact: 'a private thought' },
      position: { start: 0, end: 17 },
      rects: [{ left: 0.1, top: 0.2, right: 0.5, bottom: 0.22 }],
    };
    const created = await page.request.post(annotationsPath(page, sample.id), {
      headers: await apiHeaders(page),
      data: { colour: 'blue', note: 'mine alone', target },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as Annotation;

    const other = await (await browser.newContext({ baseURL })).newPage();
    await signInNewAccount(other, baseURL!, env.nextEmail());
    await waitForSample(other);
    const headers = await apiHeaders(other);
    const base = annotationsPath(other, sample.id);
    expect(await (await other.request.get(base, { headers })).json()).toEqual([]);
    for (const answer of [
      await other.request.patch(`${base}/${id}`, { headers, data: { note: 'taken' } }),
      await other.request.delete(`${base}/${id}`, { headers }),
    ]) {
      expect(answer.status()).toBe(404);
      expect(await answer.json()).toMatchObject({ message: 'Annotation not found' });
    }
    await openReader(other, sample.id);
    await openNotesTab(other);
    await expect(notesPanel(other)).toContainText('No highlights yet.');
    await expect(other.locator('.study-highlight')).toHaveCount(0);
    // The owner's is untouched.
    expect(await listAnnotations(page, sample.id)).toMatchObject([{ id, note: 'mine alone' }]);
    await other.context().close();
  });

  test('a new import of the book keeps every highlight: re-anchored by its words, or listed as not placed', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await openSample(page, env, baseURL!);
    await turnToPage(page, 6);
    const span = await wordsSpan(page, 6);
    await dragAcross(page, span);
    await selectionToolbar(page).getByRole('button', { name: 'Highlight blue' }).click();
    await expect(highlightsOn(page, 6)).toHaveCount(1);
    // A highlight whose words a new import no longer holds (made through the API, as an older import had them).
    const gone = await page.request.post(annotationsPath(page, sample.id), {
      headers: await apiHeaders(page),
      data: {
        colour: 'yellow',
        note: 'on words that went',
        target: {
          page: 6,
          quote: { exact: 'words this book never printed' },
          position: { start: 0, end: 29 },
          rects: [{ left: 0.1, top: 0.85, right: 0.5, bottom: 0.87 }],
        },
      },
    });
    expect(gone.status(), await gone.text()).toBe(201);

    // The import's graph is built again (new paragraph rows): the same command an administrator runs, on
    // this server's data (its database, whatever the outer environment names).
    const { DATABASE_URL: _outer, ...outerEnv } = process.env;
    const { databaseUrl } = env.server;
    await promisify(execFile)(
      process.execPath,
      ['apps/server/src/cli/import.ts', '--rebuild-graph', String(sample.id)],
      {
        env: {
          ...outerEnv,
          DATA_DIR: env.server.dataDir,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
      },
    );
    const after = await listAnnotations(page, sample.id);
    expect(after).toHaveLength(2);
    const kept = after.find((a) => a.colour === 'blue')!;
    const lost = after.find((a) => a.colour === 'yellow')!;
    expect(kept.placed).toBe(true);
    expect(kept.target.paragraphId).toBeTruthy();
    expect(lost).toMatchObject({ placed: false, note: 'on words that went', target: { paragraphId: null } });

    await page.reload();
    await expect(highlightsOn(page, 6)).toHaveCount(1);
    await openNotesTab(page);
    await expect(notesPanel(page).getByRole('heading', { name: 'Could not be placed' })).toBeVisible();
    await expect(notesPanel(page).getByRole('list').last()).toContainText('words this book never printed');
  });
});
