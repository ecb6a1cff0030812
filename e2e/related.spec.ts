import type { Locator, Page } from '@playwright/test';
import type { BookGraphResponse, RelatedParagraphsResponse } from '@threadbook/contracts';
import { startOpenAiCompatibleServer } from '@threadbook/test-support';
import {
  checkScreen,
  createAccount,
  expect,
  signIn,
  SHARED_BOOKS,
  skipWithoutCorpus,
  test,
} from './support/fixtures.ts';
import { removeBookGraph } from './support/database.ts';
import {
  aataLabel,
  box,
  apiHeaders,
  drawnPage,
  fetchGraph,
  fetchRelated,
  inkOf,
  GROUP_TITLES,
  groupTitleOf,
  openReader,
  openSample,
  pageInput,
  paragraphLabel,
  paragraphTextsPath,
  relatedPath,
  relationshipsOf,
  SAMPLE_TITLE,
  signInAndWaitForSample,
  signInToSharedBook,
  turnToPage,
  TYPE_LABEL,
  waitForBook,
} from './support/reader.ts';

/**
 * The reader's relationship features (docs/product.md §2 Reader "Related panel" and "PDF page overlays", §4, §8, §9):
 * paragraph anchors and their tooltips, the Related Paragraphs panel, jumps with highlight and indicator,
 * explanations (built-in and through an OpenAI-compatible endpoint), failures, and Ctrl+wheel zoom. Which
 * paragraphs to use is read from the graph API of the book the test opens, never written in here.
 */

test.describe.configure({ timeout: 180_000 });

// ---------------------------------------------------------------------------------------------------------
// In-page recorders. e2e code is typed without the DOM library: the little of the DOM they need.

interface InPageEvent {
  timeStamp: number;
  defaultPrevented: boolean;
  ctrlKey: boolean;
  deltaY: number;
}
interface InPageElement {
  querySelector(selector: string): InPageElement | null;
  closest(selector: string): InPageElement | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  textContent: string | null;
  addEventListener(type: string, listener: (event: InPageEvent) => void): void;
  classList: { contains(name: string): boolean };
}
interface TooltipWatch {
  leftAt: number[];
  enteredAt: number[];
  removedAt: number[];
  shownAfter50ms: boolean[];
}
interface IndicatorWatch {
  kind: string | null;
  appearedAt: number | null;
  fadingAt: number | null;
  goneAt: number | null;
  place: { page: number; dx: number; dy: number; width: number; height: number } | null;
}
interface WheelRecord {
  at: number;
  prevented: boolean;
  ctrl: boolean;
}
interface InPageWindow {
  document: InPageElement;
  performance: { now(): number };
  setTimeout(callback: () => void, ms: number): number;
  MutationObserver: new (callback: () => void) => {
    observe(target: InPageElement, options: Record<string, unknown>): void;
  };
  addEventListener(type: string, listener: (event: InPageEvent) => void): void;
  visualViewport: { scale: number } | null;
  devicePixelRatio: number;
  __tooltipWatch?: TooltipWatch;
  __indicatorWatch?: IndicatorWatch;
  __wheelLog?: WheelRecord[];
}

/** Records, in the page, when the pointer leaves and enters anchor `id` and when its tooltip goes away. */
async function watchTooltip(page: Page, id: string): Promise<void> {
  await page.evaluate((paragraphId) => {
    const w = globalThis as unknown as InPageWindow;
    const anchor = w.document
      .querySelector(`.paragraph-anchor__button[data-paragraph-id="${paragraphId}"]`)!
      .closest('.paragraph-anchor')!;
    const watch: TooltipWatch = { leftAt: [], enteredAt: [], removedAt: [], shownAfter50ms: [] };
    w.__tooltipWatch = watch;
    const tooltipShown = () => anchor.querySelector('[role="tooltip"]') !== null;
    anchor.addEventListener('pointerleave', () => {
      watch.leftAt.push(w.performance.now());
      w.setTimeout(() => watch.shownAfter50ms.push(tooltipShown()), 50);
    });
    anchor.addEventListener('pointerenter', () => watch.enteredAt.push(w.performance.now()));
    let shown = tooltipShown();
    new w.MutationObserver(() => {
      const now = tooltipShown();
      if (shown && !now) watch.removedAt.push(w.performance.now());
      shown = now;
    }).observe(anchor, { childList: true, subtree: true });
  }, id);
}

function tooltipWatch(page: Page): Promise<TooltipWatch> {
  return page.evaluate(() => (globalThis as unknown as InPageWindow).__tooltipWatch!);
}

/**
 * Records, in the page, when a jump indicator appears, starts fading and goes away, and where it sat (on
 * which page, how far from the page's top left corner) when it started fading (its entrance animation over).
 */
async function watchIndicator(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = globalThis as unknown as InPageWindow;
    const pages = w.document.querySelector('.pdf-view__pages')!;
    const watch: IndicatorWatch = { kind: null, appearedAt: null, fadingAt: null, goneAt: null, place: null };
    w.__indicatorWatch = watch;
    new w.MutationObserver(() => {
      const now = w.performance.now();
      const indicator = pages.querySelector('.jump-indicator');
      if (indicator && watch.appearedAt === null) {
        watch.appearedAt = now;
        watch.kind = indicator.getAttribute('data-kind');
      }
      if (indicator?.classList.contains('jump-indicator--fading') && watch.fadingAt === null) {
        watch.fadingAt = now;
        const sheet = indicator.closest('.pdf-page')!;
        const at = indicator.getBoundingClientRect();
        const of = sheet.getBoundingClientRect();
        watch.place = {
          page: Number(sheet.getAttribute('data-page-number')),
          dx: at.left - of.left,
          dy: at.top - of.top,
          width: of.width,
          height: of.height,
        };
      }
      if (!indicator && watch.appearedAt !== null && watch.goneAt === null) watch.goneAt = now;
    }).observe(pages, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  });
}

/**
 * docs/product.md §4, §9: the indicator of `kind` showed on `pageNumber` at 2% of its width beside `yStart` (less its
 * 2 px nudge), faded at 2 s and was gone at 2.5 s (with room for a loaded machine). Measured in the page,
 * so a slow test runner cannot miss it.
 */
async function expectIndicator(
  page: Page,
  kind: 'source' | 'target',
  pageNumber: number,
  yStart: number,
): Promise<void> {
  const read = () => page.evaluate(() => (globalThis as unknown as InPageWindow).__indicatorWatch!);
  await expect.poll(async () => (await read()).goneAt, { timeout: 10_000 }).not.toBeNull();
  const watch = await read();
  expect(watch.kind).toBe(kind);
  expect(watch.place?.page).toBe(pageNumber);
  const { dx, dy, width, height } = watch.place!;
  expect(Math.abs(dx - 0.02 * width), `at 2% of the page width (${dx} of ${width} px)`).toBeLessThanOrEqual(
    2,
  );
  expect(
    Math.abs(dy - (yStart * height - 2)),
    `beside the paragraph (${dy} of ${height} px)`,
  ).toBeLessThanOrEqual(2);
  const fadesAfter = watch.fadingAt! - watch.appearedAt!;
  const goneAfter = watch.goneAt! - watch.appearedAt!;
  expect(fadesAfter, 'the indicator starts fading ~2 s after the jump').toBeGreaterThanOrEqual(1_900);
  expect(fadesAfter).toBeLessThan(2_800);
  expect(goneAfter, 'the indicator is gone ~2.5 s after the jump').toBeGreaterThanOrEqual(2_400);
  expect(goneAfter).toBeLessThan(3_300);
  expect(goneAfter - fadesAfter, 'it fades for ~0.5 s before it goes').toBeGreaterThanOrEqual(350);
}

// ---------------------------------------------------------------------------------------------------------
// Reader helpers.

/**
 * The panel's call: the texts of the paragraphs it ranks from the graph it holds (route matcher: the same
 * function must be given to page.unroute).
 */
const isPanelCall = (url: URL) => url.pathname.endsWith('/paragraphs');

function relatedPanel(page: Page) {
  return page.getByRole('complementary', { name: 'Related paragraphs' });
}

function anchorButton(page: Page, id: string) {
  return page.locator(`.paragraph-anchor__button[data-paragraph-id="${id}"]`);
}

/**
 * The centre of anchor `id`, once it is in view. Pointing and clicking go there with the mouse itself:
 * Playwright's own retries scroll an element into view in other ways (to the end of its scroller, say),
 * which turns the page, and the anchors of a page that is no longer current go away.
 */
async function anchorCentre(page: Page, id: string) {
  const anchor = anchorButton(page, id);
  await expect(anchor).toBeInViewport({ ratio: 1 });
  const { x, y, width, height } = await box(anchor);
  return { x: x + width / 2, y: y + height / 2 };
}

async function pointAtAnchor(page: Page, id: string): Promise<void> {
  const { x, y } = await anchorCentre(page, id);
  await page.mouse.move(x, y);
}

async function clickAnchor(page: Page, id: string): Promise<void> {
  const { x, y } = await anchorCentre(page, id);
  await page.mouse.click(x, y);
}

/** The panel's item for paragraph `id`. */
function relatedItem(panel: Locator, id: string) {
  return panel
    .locator('li.related-item')
    .filter({ has: panel.page().getByRole('button', { name: paragraphLabel(id), exact: true }) });
}

/** Checks that `locator` sits at `xFraction` of the page's width (its left edge, or its centre) and `y`. */
async function expectPlacedOnPage(
  page: Page,
  pageNumber: number,
  locator: Locator,
  at: { x: number; y: number; centre?: boolean; yOffset?: number },
): Promise<void> {
  await expect
    .poll(
      async () => {
        const sheet = await box(drawnPage(page, pageNumber));
        const element = await box(locator);
        const x = at.centre ? element.x + element.width / 2 : element.x;
        return {
          x: Math.abs(x - (sheet.x + at.x * sheet.width)) <= 2,
          y: Math.abs(element.y - (sheet.y + at.y * sheet.height + (at.yOffset ?? 0))) <= 2,
        };
      },
      { message: `placed at ${at.x * 100}% of page ${pageNumber}'s width and ${at.y} of its height` },
    )
    .toEqual({ x: true, y: true });
}

const codePoints = (text: string) => Array.from(text).length;

interface Choice {
  source: RelatedParagraphsResponse['source_node'];
  related: RelatedParagraphsResponse;
}

/**
 * A paragraph with relationships whose related paragraphs include one on another page (in the upper half of
 * it) and, when `needLong`, one longer than 150 characters; preferring more groups. Read from the API.
 */
async function findSource(
  page: Page,
  bookId: number,
  graph: BookGraphResponse,
  options: { needLong?: boolean; minGroups?: number; ids?: string[] } = {},
): Promise<Choice | undefined> {
  const { byParagraph, nodes } = relationshipsOf(graph);
  const candidates = (options.ids ?? [...byParagraph.keys()])
    .filter((id) => nodes.get(id) && nodes.get(id)!.y_start < 0.5)
    .sort((a, b) => byParagraph.get(b)!.length - byParagraph.get(a)!.length)
    .slice(0, 40);
  let fallback: Choice | undefined;
  for (const id of candidates) {
    const related = await fetchRelated(page, bookId, id);
    const source = related.source_node;
    const elsewhere = related.related.some(
      (item) => item.node.page !== source.page && item.node.y_start < 0.5,
    );
    const long = related.related.some((item) => codePoints(item.node.text) > 150);
    if (!elsewhere || (options.needLong && !long)) continue;
    const groups = new Set(related.related.map((item) => groupTitleOf(item.relationship_type))).size;
    if (groups >= (options.minGroups ?? 3)) return { source, related };
    fallback ??= { source, related };
  }
  return fallback;
}

async function chooseSource(...args: Parameters<typeof findSource>): Promise<Choice> {
  const choice = await findSource(...args);
  expect(choice, 'a paragraph fit for the test').toBeDefined();
  return choice!;
}

/** The panel shows `related` as docs/product.md §2 says: subtitle, groups in order with counts, labels and pages. */
async function expectPanelShows(panel: Locator, related: RelatedParagraphsResponse): Promise<void> {
  const count = related.related.length;
  await expect(panel.locator('.related__source')).toHaveText(paragraphLabel(related.source_node.id));
  await expect(panel.locator('.related__count')).toHaveText(
    `${count} ${count === 1 ? 'relationship' : 'relationships'}`,
  );
  const shown = GROUP_TITLES.filter((title) =>
    related.related.some((item) => groupTitleOf(item.relationship_type) === title),
  );
  await expect(panel.locator('section[aria-label]')).toHaveCount(shown.length);
  for (const [index, title] of shown.entries()) {
    const items = related.related.filter((item) => groupTitleOf(item.relationship_type) === title);
    const group = panel.locator('section[aria-label]').nth(index);
    await expect(group).toHaveAttribute('aria-label', title);
    await expect(group.getByRole('heading', { level: 3 })).toHaveText(`${title} ${items.length}`);
    await expect(group.locator('.related-item__id')).toHaveText(
      items.map((item) => paragraphLabel(item.node.id)),
    );
    await expect(group.locator('.related-item__page')).toHaveText(
      items.map((item) => `Page ${item.node.page}`),
    );
  }
}

async function viewScrollTop(page: Page): Promise<number> {
  return page
    .locator('.pdf-view')
    .evaluate((element) => (element as unknown as { scrollTop: number }).scrollTop);
}

// ---------------------------------------------------------------------------------------------------------

test.describe('reader: paragraph anchors', () => {
  test('anchors show only on the current page, at 8% of its width, one per related paragraph of the graph', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { anchorsOn, nodes } = relationshipsOf(graph);
    expect(nodes.size).toBeGreaterThan(0);
    // A page with anchors in both halves, followed by a page that has anchors too.
    const pages = Array.from({ length: sample.pageCount - 1 }, (_, i) => i + 1).filter(
      (n) =>
        anchorsOn(n).some((node) => node.y_start <= 0.5) &&
        anchorsOn(n).some((node) => node.y_start > 0.5) &&
        anchorsOn(n + 1).length > 0,
    );
    expect(pages.length, 'the sample has a page with anchors in both halves').toBeGreaterThan(0);
    const target = pages.sort((a, b) => anchorsOn(b).length - anchorsOn(a).length)[0]!;

    await openReader(page, sample.id);
    // Page 1 has no relationships in the graph: no anchor at all.
    expect(anchorsOn(1)).toEqual([]);
    await expect(page.locator('.paragraph-anchor__button')).toHaveCount(0);

    await turnToPage(page, target);
    const expected = anchorsOn(target);
    const onPage = drawnPage(page, target).locator('.paragraph-anchor__button');
    await expect(onPage).toHaveCount(expected.length);
    // Only the current page has anchors, though the next page is drawn and has related paragraphs too.
    await expect(drawnPage(page, target + 1)).toBeVisible();
    await expect(page.locator('.paragraph-anchor__button')).toHaveCount(expected.length);
    for (const node of expected) {
      const anchor = anchorButton(page, node.id);
      await expect(anchor).toHaveAccessibleName(`Relationships of ${paragraphLabel(node.id)}`);
      // Centred at 8% of the page width, its top at the paragraph's y_start (less the 2 px nudge).
      await expectPlacedOnPage(page, target, anchor, { x: 0.08, y: node.y_start, centre: true, yOffset: -2 });
    }

    // The next page becomes current: its anchors show, the previous page's go.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(pageInput(page)).toHaveValue(String(target + 1));
    await expect(drawnPage(page, target + 1).locator('.paragraph-anchor__button')).toHaveCount(
      anchorsOn(target + 1).length,
    );
    await expect(drawnPage(page, target)).toBeVisible();
    await expect(drawnPage(page, target).locator('.paragraph-anchor__button')).toHaveCount(0);
    await expect(page.locator('.paragraph-anchor__button')).toHaveCount(anchorsOn(target + 1).length);
  });

  test('an anchor tooltip lists what the graph has for the paragraph, above or below by half page, and hides 100 ms after the pointer leaves', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { anchorsOn, byParagraph } = relationshipsOf(graph);
    const target = Array.from({ length: sample.pageCount }, (_, i) => i + 1).find(
      (n) =>
        anchorsOn(n).some((node) => node.y_start <= 0.5) && anchorsOn(n).some((node) => node.y_start > 0.5),
    );
    expect(target, 'a page with anchors in both halves').toBeDefined();
    await openReader(page, sample.id);
    await turnToPage(page, target!);
    const sheet = await box(drawnPage(page, target!));
    const away = { x: sheet.x + sheet.width + 30, y: sheet.y + sheet.height / 2 };

    const upper = anchorsOn(target!).find((node) => node.y_start <= 0.5)!;
    const lower = anchorsOn(target!).findLast((node) => node.y_start > 0.5)!;
    for (const [node, placement] of [
      [upper, 'below'],
      [lower, 'above'],
    ] as const) {
      const anchor = anchorButton(page, node.id);
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toHaveCount(0);
      await pointAtAnchor(page, node.id);
      await expect(tooltip).toBeVisible();
      await expect(anchor).toHaveAccessibleDescription(/relationship\(s\) available/);
      const relationships = byParagraph.get(node.id)!;
      await expect(tooltip.locator('.anchor-tooltip__label')).toHaveText(paragraphLabel(node.id));
      await expect(tooltip).toContainText(`${relationships.length} relationship(s) available`);
      await expect(tooltip).toContainText('Click to see more');
      const items = tooltip.locator('.anchor-tooltip__item');
      await expect(items).toHaveCount(relationships.length);
      const shown = await items.evaluateAll((elements) =>
        elements.map((element) => {
          const part = (name: string) =>
            (element as unknown as InPageElement).querySelector(name)?.textContent?.trim() ?? '';
          return `${part('.anchor-tooltip__type')} | ${part('.anchor-tooltip__section')} | ${part('.anchor-tooltip__why')}`;
        }),
      );
      expect(shown.sort()).toEqual(
        relationships.map((r) => `${TYPE_LABEL[r.type]} | ${r.section} | ${r.justification}`).sort(),
      );

      // docs/product.md §2: above the anchor in the lower half of the page, below it in the upper half.
      await expect(tooltip).toHaveClass(new RegExp(`anchor-tooltip--${placement}`));
      const tip = await box(tooltip);
      const button = await box(anchor);
      if (placement === 'above') expect(tip.y + tip.height).toBeLessThanOrEqual(button.y);
      else expect(tip.y).toBeGreaterThanOrEqual(button.y + button.height);

      // It hides 100 ms after the pointer leaves: still there at 50 ms, gone soon after 100 ms.
      await watchTooltip(page, node.id);
      await page.mouse.move(away.x, away.y);
      await expect(tooltip).toHaveCount(0, { timeout: 2_000 });
      const watch = await tooltipWatch(page);
      expect(watch.leftAt).toHaveLength(1);
      expect(watch.removedAt).toHaveLength(1);
      expect(watch.shownAfter50ms, 'the tooltip is still shown 50 ms after the pointer left').toEqual([true]);
      const hiddenAfter = watch.removedAt[0]! - watch.leftAt[0]!;
      expect(hiddenAfter).toBeGreaterThanOrEqual(90);
      expect(hiddenAfter).toBeLessThan(600);
    }

    // Back on the anchor within the 100 ms, the tooltip stays. A loaded machine may take longer than that
    // between the two moves: such a round proves nothing and is tried again.
    const tooltip = page.getByRole('tooltip');
    const centre = await anchorCentre(page, upper.id);
    await expect(async () => {
      await pointAtAnchor(page, upper.id);
      await expect(tooltip).toBeVisible();
      await watchTooltip(page, upper.id);
      await page.mouse.move(away.x, away.y);
      await page.mouse.move(centre.x, centre.y);
      // Well past the hide delay.
      await page.waitForTimeout(300);
      const watch = await tooltipWatch(page);
      expect(watch.leftAt).toHaveLength(1);
      expect(watch.enteredAt).toHaveLength(1);
      const outFor = watch.enteredAt[0]! - watch.leftAt[0]!;
      if (outFor >= 70) {
        await page.mouse.move(away.x, away.y);
        await expect(tooltip).toHaveCount(0);
        throw new Error(`the pointer was away ${Math.round(outFor)} ms: again`);
      }
      expect(watch.removedAt, `away for ${Math.round(outFor)} ms, the tooltip must stay`).toEqual([]);
      await expect(tooltip).toBeVisible();
    }).toPass({ timeout: 30_000 });

    // Focus shows it too; Escape closes it.
    await page.mouse.move(away.x, away.y);
    await expect(tooltip).toHaveCount(0);
    await anchorButton(page, lower.id).focus();
    await expect(tooltip).toBeVisible();
    await expect(tooltip.locator('.anchor-tooltip__label')).toHaveText(paragraphLabel(lower.id));
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
  });
});

test.describe('reader: anchor tooltip stacking', () => {
  test('an open tooltip is drawn above the other anchors it covers', async ({ page, env, baseURL }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { anchorsOn } = relationshipsOf(graph);
    // The upper-half anchor with the most anchors just below it (where its tooltip opens).
    const below = (node: { page: number; y_start: number }) =>
      anchorsOn(node.page).filter(
        (other) => other.y_start > node.y_start + 0.06 && other.y_start < node.y_start + 0.3,
      ).length;
    const anchor = graph.nodes
      .filter((node) => anchorsOn(node.page).includes(node) && node.y_start <= 0.5)
      .sort((a, b) => below(b) - below(a))[0]!;
    expect(below(anchor), 'an anchor with others below it').toBeGreaterThan(0);

    await openReader(page, sample.id);
    await turnToPage(page, anchor.page);
    await pointAtAnchor(page, anchor.id);
    await expect(page.getByRole('tooltip')).toBeVisible();
    const covered = await page.evaluate(() => {
      interface Box {
        left: number;
        right: number;
        top: number;
        bottom: number;
      }
      interface Node {
        contains(other: Node | null): boolean;
        getBoundingClientRect(): Box;
        getAttribute(name: string): string | null;
        parentElement: Node;
      }
      const { document } = globalThis as unknown as {
        document: {
          querySelector(selector: string): Node;
          querySelectorAll(selector: string): Iterable<Node>;
          elementFromPoint(x: number, y: number): Node | null;
        };
      };
      const tooltip = document.querySelector('[role="tooltip"]');
      const area = tooltip.getBoundingClientRect();
      const found: { id: string | null; tooltipOnTop: boolean }[] = [];
      for (const button of document.querySelectorAll('.paragraph-anchor__button')) {
        if (tooltip.parentElement.contains(button)) continue;
        const box = button.getBoundingClientRect();
        const x = (box.left + box.right) / 2;
        const y = (box.top + box.bottom) / 2;
        if (x <= area.left || x >= area.right || y <= area.top || y >= area.bottom) continue;
        found.push({
          id: button.getAttribute('data-paragraph-id'),
          tooltipOnTop: tooltip.contains(document.elementFromPoint(x, y)),
        });
      }
      return found;
    });
    expect(covered.length, 'the tooltip lies over other anchors').toBeGreaterThan(0);
    expect(
      covered.filter((anchorUnder) => !anchorUnder.tooltipOnTop),
      'anchors drawn over the open tooltip',
    ).toEqual([]);
  });
});

test.describe('reader: related panel', () => {
  test('selecting an anchor loads its relationships into the panel; items jump, highlight and can be undone', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { source, related } = await chooseSource(page, sample.id, graph, { needLong: true });
    const { nodes } = relationshipsOf(graph);
    const panel = relatedPanel(page);
    const undo = page.getByRole('button', { name: 'Undo navigation' });
    const redo = page.getByRole('button', { name: 'Redo navigation' });

    await openReader(page, sample.id);
    await turnToPage(page, source.page);
    await expect(panel).toBeHidden();

    // The answer is held back a moment so that the loading state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const panelCalls: string[] = [];
    await page.route(isPanelCall, async (route) => {
      panelCalls.push(route.request().url());
      await held;
      await route.continue();
    });
    await clickAnchor(page, source.id);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText('Loading relationships...');
    release();
    await expectPanelShows(panel, related);
    await page.unroute(isPanelCall);
    // One call, for the texts of the source and of what the server's related call ranks, in its order.
    expect(panelCalls.map((url) => new URL(url).pathname + new URL(url).search)).toEqual([
      paragraphTextsPath(sample.id, [source.id, ...related.related.map((item) => item.node.id)]),
    ]);
    await expect(anchorButton(page, source.id)).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('button', { name: 'Clear selection' })).toBeEnabled();

    // The selected paragraph's marker: at 1% of the page width, from the paragraph's top.
    const marker = drawnPage(page, source.page).locator(
      `.paragraph-marker[data-paragraph-id="${source.id}"]`,
    );
    await expect(marker).toBeVisible();
    await expectPlacedOnPage(page, source.page, marker, { x: 0.01, y: source.y_start });

    // A long text is cut at 150 characters, See More shows it whole, See Less cuts it again.
    const long = related.related.find((item) => codePoints(item.node.text) > 150)!;
    const longText = relatedItem(panel, long.node.id).locator('.related-item__text');
    const cut = `${Array.from(long.node.text).slice(0, 150).join('').trimEnd()}...`;
    await expect(longText).toContainText(cut);
    await expect(longText).not.toContainText(long.node.text);
    await longText.getByRole('button', { name: 'See More' }).click();
    await expect(longText).toContainText(long.node.text);
    await longText.getByRole('button', { name: 'See Less' }).click();
    await expect(longText).toContainText(cut);
    await expect(longText.getByRole('button', { name: 'See More' })).toBeVisible();

    // A related paragraph on another page: the reader goes there, highlights it and shows a target arrow
    // that fades at 2 s and is gone at 2.5 s.
    const target = related.related.find((item) => item.node.page !== source.page && item.node.y_start < 0.5)!;
    const targetId = relatedItem(panel, target.node.id).locator('.related-item__id');
    await watchIndicator(page);
    await targetId.click();
    await expect(pageInput(page)).toHaveValue(String(target.node.page));
    const highlight = drawnPage(page, target.node.page).locator(
      `.paragraph-highlight[data-paragraph-id="${target.node.id}"]`,
    );
    await expect(highlight).toBeVisible();
    await expectPlacedOnPage(page, target.node.page, highlight, { x: 0.04, y: target.node.y_start });
    const graphNode = nodes.get(target.node.id)!;
    expect(graphNode.page).toBe(target.node.page);
    await expect(targetId).toHaveAttribute('aria-pressed', 'true');
    await expectIndicator(page, 'target', target.node.page, target.node.y_start);
    await expect(highlight).toBeVisible();
    await expect(undo).toBeEnabled();

    // Clicking the highlighted one again only removes the highlight: no move, no history entry.
    const elsewhere = target.node.page === sample.pageCount ? target.node.page - 1 : target.node.page + 1;
    await turnToPage(page, elsewhere);
    const scrollTop = await viewScrollTop(page);
    await targetId.click();
    await expect(targetId).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('.paragraph-highlight')).toHaveCount(0);
    await expect(pageInput(page)).toHaveValue(String(elsewhere));
    expect(await viewScrollTop(page)).toBe(scrollTop);
    await expect(redo).toBeDisabled();

    // The subtitle goes back to the source paragraph, with a source arrow.
    await watchIndicator(page);
    await panel.locator('.related__source').click();
    await expect(pageInput(page)).toHaveValue(String(source.page));
    await expectIndicator(page, 'source', source.page, source.y_start);

    // History: the starting page, the related paragraph, the source again.
    await undo.click();
    await expect(pageInput(page)).toHaveValue(String(target.node.page));
    await undo.click();
    await expect(pageInput(page)).toHaveValue(String(source.page));
    await expect(undo).toBeDisabled();
    await redo.click();
    await expect(pageInput(page)).toHaveValue(String(target.node.page));
    await redo.click();
    await expect(pageInput(page)).toHaveValue(String(source.page));
    await expect(redo).toBeDisabled();

    // Clear selection: no marker, no highlight, the nothing-selected text, the button disabled.
    await targetId.click();
    await expect(pageInput(page)).toHaveValue(String(target.node.page));
    await expect(highlight).toBeVisible();
    const clear = panel.getByRole('button', { name: 'Clear selection' });
    await clear.click();
    await expect(panel).toContainText('Click on a paragraph anchor in the PDF to view its relationships.');
    await expect(page.locator('.paragraph-highlight')).toHaveCount(0);
    await expect(page.locator('.paragraph-marker')).toHaveCount(0);
    await expect(clear).toBeDisabled();

    // Backspace does the same.
    await turnToPage(page, source.page);
    await clickAnchor(page, source.id);
    await expect(marker).toBeVisible();
    await relatedItem(panel, target.node.id).locator('.related-item__id').click();
    await expect(highlight).toBeVisible();
    await page.keyboard.press('Backspace');
    await expect(panel).toContainText('Click on a paragraph anchor in the PDF to view its relationships.');
    await expect(page.locator('.paragraph-highlight')).toHaveCount(0);
    await expect(page.locator('.paragraph-marker')).toHaveCount(0);
    await expect(clear).toBeDisabled();

    // Selecting an anchor opens the panel when it is hidden.
    await turnToPage(page, source.page);
    await page.getByRole('button', { name: 'Toggle related panel' }).click();
    await expect(panel).toBeHidden();
    await clickAnchor(page, source.id);
    await expect(panel).toBeVisible();
    await expectPanelShows(panel, related);
  });

  test('a long list scrolls inside the panel and does not make the window scrollable', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { source, related } = await chooseSource(page, sample.id, graph);
    const panel = relatedPanel(page);
    await openReader(page, sample.id);
    await turnToPage(page, source.page);
    await page.getByRole('button', { name: 'Toggle related panel' }).click();
    await expect(panel).toBeVisible();
    const documentHeight = () =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document
            .documentElement.scrollHeight,
      );
    const before = await documentHeight();

    await clickAnchor(page, source.id);
    await expectPanelShows(panel, related);
    // The list is taller than the panel: it has to scroll, inside the panel.
    const content = await panel.locator('.reader-panel__content').evaluate((element) => {
      const { scrollHeight, clientHeight } = element as unknown as {
        scrollHeight: number;
        clientHeight: number;
      };
      return { scrollHeight, clientHeight };
    });
    expect(content.scrollHeight, 'the list overflows the panel').toBeGreaterThan(content.clientHeight);
    expect(await documentHeight(), 'the window is no taller than before').toBe(before);
  });

  test('a jump to a paragraph low on its page makes that page the current one', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { byParagraph, nodes } = relationshipsOf(graph);
    // A paragraph high on its page related to one in the bottom third of another page (not the last).
    let pick:
      { source: string; page: number; target: RelatedParagraphsResponse['related'][number] } | undefined;
    for (const id of [...byParagraph.keys()].filter((key) => nodes.get(key)!.y_start < 0.5).slice(0, 60)) {
      const related = await fetchRelated(page, sample.id, id);
      const low = related.related.find(
        (item) =>
          item.node.page !== related.source_node.page &&
          item.node.y_start > 0.7 &&
          item.node.page < sample.pageCount,
      );
      if (low) {
        pick = { source: id, page: related.source_node.page, target: low };
        break;
      }
    }
    expect(pick, 'a related paragraph low on its page').toBeDefined();
    const panel = relatedPanel(page);
    await openReader(page, sample.id);
    await turnToPage(page, pick!.page);
    await clickAnchor(page, pick!.source);
    await relatedItem(panel, pick!.target.node.id).locator('.related-item__id').click();
    const highlight = page.locator(`.paragraph-highlight[data-paragraph-id="${pick!.target.node.id}"]`);
    await expect(highlight).toBeVisible();
    await expect(highlight).toBeInViewport();
    // The panel says 'Page N' and the history records page N: the toolbar must say N too, and N's anchors show.
    await expect(relatedItem(panel, pick!.target.node.id).locator('.related-item__page')).toHaveText(
      `Page ${pick!.target.node.page}`,
    );
    await expect(pageInput(page)).toHaveValue(String(pick!.target.node.page));
    await expect(anchorButton(page, pick!.target.node.id)).toBeVisible();
  });
});

test.describe('reader: explanations', () => {
  test('the built-in explainer: Explain, Generating..., Hide and Show without a new call; a new selection starts afresh', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { anchorsOn } = relationshipsOf(graph);
    // A source whose page has another anchor to select afterwards.
    const pagesWithTwo = graph.nodes
      .filter((node) => anchorsOn(node.page).length >= 2 && anchorsOn(node.page).includes(node))
      .map((node) => node.id);
    const { source, related } = await chooseSource(page, sample.id, graph, {
      minGroups: 1,
      ids: pagesWithTwo,
    });
    const other = anchorsOn(source.page).find((node) => node.id !== source.id)!;
    const panel = relatedPanel(page);
    const summaryPosts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith(`/api/graph/books/${sample.id}/paragraphs/summary`))
        summaryPosts.push(sent.postData() ?? '');
    });

    await openReader(page, sample.id);
    await turnToPage(page, source.page);
    await clickAnchor(page, source.id);
    await expectPanelShows(panel, related);

    const first = related.related[0]!;
    const item = relatedItem(panel, first.node.id);
    const explain = item.locator('.related-item__explain');
    await expect(explain).toHaveText('Explain Relationship');
    await expect(item.getByRole('heading', { name: 'AI Summary' })).toHaveCount(0);

    // The answer is held back a moment so that 'Generating...' can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/paragraphs/summary', async (route) => {
      await held;
      await route.continue();
    });
    const answered = page.waitForResponse((response) => response.url().endsWith('/paragraphs/summary'));
    await explain.click();
    await expect(explain).toHaveText('Generating...');
    await expect(explain).toBeDisabled();
    release();
    const answer = await answered;
    expect(answer.status()).toBe(200);
    const { summary } = (await answer.json()) as { summary: string };
    expect(summary.trim().length).toBeGreaterThan(0);
    await page.unroute('**/paragraphs/summary');
    expect(JSON.parse(summaryPosts[0]!)).toEqual({
      relationship_type: first.relationship_type,
      source_paragraph: source.id,
      related_paragraph: first.node.id,
    });

    await expect(explain).toHaveText('Hide Summary');
    await expect(item.getByRole('heading', { name: 'AI Summary' })).toBeVisible();
    await expect(item.locator('.related-item__summary p')).toHaveText(summary.trim());

    await explain.click();
    await expect(explain).toHaveText('Show Summary');
    await expect(item.getByRole('heading', { name: 'AI Summary' })).toHaveCount(0);
    await expect(item).not.toContainText(summary.trim());
    await explain.click();
    await expect(explain).toHaveText('Hide Summary');
    await expect(item.locator('.related-item__summary p')).toHaveText(summary.trim());
    await explain.click();
    await expect(explain).toHaveText('Show Summary');
    expect(summaryPosts, 'showing and hiding make no new call').toHaveLength(1);

    // Another selection, then the first again: every item starts with no summary.
    await clickAnchor(page, other.id);
    await expect(panel.locator('.related__source')).toHaveText(paragraphLabel(other.id));
    await expect(panel.getByRole('heading', { name: 'AI Summary' })).toHaveCount(0);
    for (const button of await panel.locator('.related-item__explain').all())
      await expect(button).toHaveText('Explain Relationship');
    await clickAnchor(page, source.id);
    await expectPanelShows(panel, related);
    await expect(explain).toHaveText('Explain Relationship');
    expect(summaryPosts).toHaveLength(1);
    await explain.click();
    await expect(explain).toHaveText('Hide Summary');
    await expect(item.locator('.related-item__summary p')).toHaveText(summary.trim());
    expect(summaryPosts, 'a new selection asks again').toHaveLength(2);
  });

  test('through an OpenAI-compatible endpoint: the model’s summary is shown, asked with both paragraphs; a failing endpoint says so', async ({
    page,
    request,
    env,
  }) => {
    let replies = 0;
    const model = await startOpenAiCompatibleServer({
      reply: () => `Fake model summary number ${++replies}: the related paragraph develops the source.`,
    });
    const extra = await env.startExtraServer({
      env: {
        LLM_BASE_URL: model.url,
        LLM_API_KEY: 'e2e-model-key',
        LLM_MODEL: 'e2e-chat-model',
        LLM_TIMEOUT_MS: '10000',
        SAMPLE_BOOK: 'true',
      },
    });
    try {
      const email = env.nextEmail();
      await createAccount(request, extra.baseURL, email);
      await page.goto(`${extra.baseURL}/login`);
      await signIn(page, email);
      const sample = await waitForBook(page, SAMPLE_TITLE);
      const graph = await fetchGraph(page, sample.id);
      const { source, related } = await chooseSource(page, sample.id, graph, { minGroups: 1 });
      expect(related.related.length).toBeGreaterThanOrEqual(2);
      const panel = relatedPanel(page);

      await openReader(page, sample.id);
      await turnToPage(page, source.page);
      await clickAnchor(page, source.id);
      await expectPanelShows(panel, related);

      const chats = () => model.requests.filter((sent) => sent.path === '/v1/chat/completions');
      const [first, second] = related.related;
      const firstItem = relatedItem(panel, first!.node.id);
      await firstItem.locator('.related-item__explain').click();
      await expect(firstItem.locator('.related-item__explain')).toHaveText('Hide Summary');
      await expect(firstItem.locator('.related-item__summary p')).toHaveText(
        'Fake model summary number 1: the related paragraph develops the source.',
      );
      expect(chats()).toHaveLength(1);
      const asked = chats()[0]!;
      expect(asked.headers.authorization).toBe('Bearer e2e-model-key');
      const body = asked.body as { model: string; messages: { role: string; content: string }[] };
      expect(body.model).toBe('e2e-chat-model');
      const prompt = body.messages.map((message) => message.content).join('\n');
      expect(prompt).toContain(source.text);
      expect(prompt).toContain(first!.node.text);

      // The endpoint fails (the server retries once): the item says so, and a later try works.
      model.failNext(500, 2);
      const secondItem = relatedItem(panel, second!.node.id);
      const explain = secondItem.locator('.related-item__explain');
      await explain.click();
      await expect(secondItem.getByRole('alert')).toHaveText('Failed to generate summary');
      await expect(explain).toHaveText('Explain Relationship');
      await expect(secondItem.getByRole('heading', { name: 'AI Summary' })).toHaveCount(0);
      expect(chats()).toHaveLength(3);
      await explain.click();
      await expect(explain).toHaveText('Hide Summary');
      await expect(secondItem.locator('.related-item__summary p')).toHaveText(
        'Fake model summary number 2: the related paragraph develops the source.',
      );
      await expect(secondItem.getByRole('alert')).toHaveCount(0);
      expect(chats()).toHaveLength(4);
      expect(JSON.stringify(chats()[3]!.body)).toContain(JSON.stringify(second!.node.text).slice(1, -1));
    } finally {
      await extra.stop();
      await model.close();
    }
  });
});

test.describe('reader: relationship failures', () => {
  test('the related call failing on the server, or not reaching it, shows the two error texts', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { source, related } = await chooseSource(page, sample.id, graph, { minGroups: 1 });
    const panel = relatedPanel(page);
    await openReader(page, sample.id);
    await turnToPage(page, source.page);
    await expect(anchorButton(page, source.id)).toBeVisible();

    // The book's graph leaves the database while the page is open: once the server sees it (it re-checks
    // its in-memory copy at most every second), the related call and the panel's texts call are refused.
    const restore = await removeBookGraph(env.server, sample.id);
    try {
      const headers = await apiHeaders(page);
      await expect
        .poll(async () => (await page.request.get(relatedPath(sample.id, source.id), { headers })).status(), {
          timeout: 10_000,
        })
        .toBe(404);
      await clickAnchor(page, source.id);
      await expect(panel.getByRole('alert')).toHaveText('Failed to fetch related paragraphs');
    } finally {
      await restore();
    }
    await expect
      .poll(
        async () =>
          (
            await page.request.get(relatedPath(sample.id, source.id), { headers: await apiHeaders(page) })
          ).status(),
        {
          timeout: 10_000,
        },
      )
      .toBe(200);
    await panel.getByRole('button', { name: 'Clear selection' }).click();
    await clickAnchor(page, source.id);
    await expectPanelShows(panel, related);

    // The call does not reach the server at all.
    const other = relationshipsOf(graph)
      .anchorsOn(source.page)
      .find((node) => node.id !== source.id);
    await page.route(isPanelCall, (route) => route.abort('failed'));
    await panel.getByRole('button', { name: 'Clear selection' }).click();
    await clickAnchor(page, other?.id ?? source.id);
    await expect(panel.getByRole('alert')).toHaveText('An error occurred while fetching relationships');
    await page.unroute(isPanelCall);

    // An explanation that cannot be asked for says so under its item.
    await panel.getByRole('button', { name: 'Clear selection' }).click();
    await clickAnchor(page, source.id);
    await expectPanelShows(panel, related);
    await page.route('**/paragraphs/summary', (route) => route.abort('failed'));
    const item = relatedItem(panel, related.related[0]!.node.id);
    await item.locator('.related-item__explain').click();
    await expect(item.getByRole('alert')).toHaveText('An error occurred while generating the summary');
    await expect(item.locator('.related-item__explain')).toHaveText('Explain Relationship');
  });

  test('without the graph there are no anchors, and the reader still works', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { anchorsOn } = relationshipsOf(graph);
    const withAnchors = Array.from({ length: sample.pageCount }, (_, i) => i + 1).filter(
      (n) => anchorsOn(n).length > 0,
    );
    expect(withAnchors.length).toBeGreaterThan(1);
    const graphCalls: string[] = [];
    await page.route(
      (url) => url.pathname === `/api/graph/books/${sample.id}/graph`,
      (route) => {
        graphCalls.push(route.request().url());
        return route.abort('failed');
      },
    );
    const logged = page.waitForEvent('console', {
      predicate: (message) =>
        message.type() === 'error' && message.text().includes(`relationship graph of book ${sample.id}`),
    });
    await openReader(page, sample.id);
    await logged;
    expect(graphCalls).toHaveLength(1);

    await turnToPage(page, withAnchors[0]!);
    await expect(page.locator('.paragraph-anchor__button')).toHaveCount(0);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(pageInput(page)).toHaveValue(String(withAnchors[0]! + 1));
    await expect(drawnPage(page, withAnchors[0]! + 1)).toBeVisible();
    await expect(page.locator('.paragraph-anchor__button')).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle table of contents' }).click();
    const toc = page.getByRole('navigation', { name: 'Table of Contents' });
    const chapter = toc.locator('.toc__chapter').last().locator('.toc__row .toc__entry');
    const chapterPage = Number(await chapter.getAttribute('data-page-number'));
    await chapter.click();
    await expect(pageInput(page)).toHaveValue(String(chapterPage));
    await expect(drawnPage(page, chapterPage)).toBeVisible();

    await page.keyboard.press('Shift+P');
    await expect(relatedPanel(page)).toBeVisible();
    await expect(relatedPanel(page)).toContainText(
      'Click on a paragraph anchor in the PDF to view its relationships.',
    );
  });
});

test.describe('reader: Ctrl+wheel zoom', () => {
  test('Ctrl+wheel over the pages zooms the pages one fine step per burst, not the browser page', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    await openReader(page, sample.id);
    const zoom = page.getByRole('textbox', { name: 'Zoom percentage' });
    await zoom.fill('100');
    await zoom.press('Enter');
    await expect(zoom).toHaveValue('100');
    await expect
      .poll(async () => (await box(page.locator('.pdf-page[data-page-number="1"]'))).width)
      .toBeGreaterThan(0);
    const widthAt100 = (await box(page.locator('.pdf-page[data-page-number="1"]'))).width;

    const before = await page.evaluate(() => {
      const w = globalThis as unknown as InPageWindow;
      const log: WheelRecord[] = [];
      w.__wheelLog = log;
      w.addEventListener('wheel', (event) =>
        log.push({ at: event.timeStamp, prevented: event.defaultPrevented, ctrl: event.ctrlKey }),
      );
      return { dpr: w.devicePixelRatio, scale: w.visualViewport?.scale ?? 1 };
    });
    const view = await box(page.getByRole('region', { name: SAMPLE_TITLE }));
    await page.mouse.move(view.x + view.width / 2, view.y + view.height / 2);

    /**
     * Three wheel notches with Ctrl held, as one burst (closer together than the 40 ms debounce). A loaded
     * machine may space them wider: then the burst is not one, and the zoom is set back and it is retried.
     */
    const burst = async (deltaY: number, from: string, to: string) => {
      await expect(async () => {
        // Start from `from` and stay there: the steps of a burst a loaded machine split may still land.
        if ((await zoom.inputValue()) !== from) {
          await zoom.fill(from);
          await zoom.press('Enter');
        }
        await expect(zoom).toHaveValue(from);
        await page.waitForTimeout(300);
        expect(await zoom.inputValue()).toBe(from);

        const start = await page.evaluate(() => (globalThis as unknown as InPageWindow).__wheelLog!.length);
        await page.keyboard.down('Control');
        for (let i = 0; i < 3; i++) await page.mouse.wheel(0, deltaY);
        await page.keyboard.up('Control');
        let events: WheelRecord[] = [];
        await expect
          .poll(async () => {
            events = (await page.evaluate(() => (globalThis as unknown as InPageWindow).__wheelLog!)).slice(
              start,
            );
            return events.length;
          })
          .toBe(3);
        for (const event of events)
          expect(event, 'the reader keeps the wheel from the browser').toEqual({
            at: event.at,
            prevented: true,
            ctrl: true,
          });
        const gaps = events.slice(1).map((event, i) => event.at - events[i]!.at);
        if (gaps.some((gap) => gap >= 35))
          throw new Error(`the wheel events were ${gaps.map(Math.round).join(', ')} ms apart: not one burst`);
        await expect(zoom).toHaveValue(to);
        // Nothing more comes of that burst.
        await page.waitForTimeout(150);
        expect(await zoom.inputValue()).toBe(to);
      }).toPass({ timeout: 60_000, intervals: [100] });
    };

    await burst(-100, '100', '110');
    await expect
      .poll(async () => (await box(page.locator('.pdf-page[data-page-number="1"]'))).width / widthAt100)
      .toBeCloseTo(1.1, 2);
    await burst(-100, '110', '130');
    await burst(100, '130', '110');
    await burst(100, '110', '100');
    await burst(100, '100', '90');
    await expect
      .poll(async () => (await box(page.locator('.pdf-page[data-page-number="1"]'))).width / widthAt100)
      .toBeCloseTo(0.9, 2);

    // The browser page itself did not zoom.
    const after = await page.evaluate(() => {
      const w = globalThis as unknown as InPageWindow;
      return { dpr: w.devicePixelRatio, scale: w.visualViewport?.scale ?? 1 };
    });
    expect(after).toEqual(before);
  });
});

test.describe('reader: a real textbook', () => {
  skipWithoutCorpus(SHARED_BOOKS.aata.pdf);
  test('aata: a chapter far in, reached through the table of contents, has anchors and jumps that work', async ({
    page,
    env,
    sharedBooks,
  }) => {
    test.slow();
    const book = await signInToSharedBook(page, env, sharedBooks, 'aata');
    expect(book.pageCount).toBe(357);
    const graph = await fetchGraph(page, book.id);
    const { anchorsOn } = relationshipsOf(graph);

    await openReader(page, book.id);
    await page.getByRole('button', { name: 'Toggle table of contents' }).click();
    const toc = page.getByRole('navigation', { name: 'Table of Contents' });
    const chapters = toc.locator('.toc__chapter > .toc__row .toc__entry');
    await expect(chapters.first()).toBeVisible();
    const pages = (
      await chapters.evaluateAll((found) => found.map((e) => e.getAttribute('data-page-number')))
    ).map(Number);
    // A chapter past the middle of the book whose first page has an anchor related to another page.
    let pick: { index: number; page: number; choice: Choice } | undefined;
    const entries = await chapters.all();
    for (const [index, entry] of entries.entries()) {
      // The physical page (the entry shows aata's label for it).
      const chapterPage = Number(await entry.getAttribute('data-page-number'));
      if (!(chapterPage > book.pageCount / 2) || anchorsOn(chapterPage).length === 0) continue;
      const ids = anchorsOn(chapterPage).map((node) => node.id);
      const choice = await findSource(page, book.id, graph, { minGroups: 1, ids });
      if (choice) {
        pick = { index, page: chapterPage, choice };
        break;
      }
    }
    expect(pick, `a chapter far in with anchors (chapter pages ${pages.join(', ')})`).toBeDefined();
    const { source, related } = pick!.choice;

    // Every scroll of the pages from here on, attached to the report when a step fails.
    await page.locator('.pdf-view').evaluate((element) => {
      const w = globalThis as unknown as InPageWindow & { __scrollLog?: string[] };
      const view = element as unknown as InPageElement & { scrollTop: number };
      const log: string[] = [];
      w.__scrollLog = log;
      view.addEventListener('scroll', () =>
        log.push(`${Math.round(w.performance.now())} ms: ${view.scrollTop}`),
      );
    });
    try {
      await entries[pick!.index]!.click();
      await expect(pageInput(page)).toHaveValue(aataLabel(pick!.page));
      await expect(drawnPage(page, pick!.page)).toBeVisible();
      const expected = anchorsOn(pick!.page);
      await expect(drawnPage(page, pick!.page).locator('.paragraph-anchor__button')).toHaveCount(
        expected.length,
      );
      await expect(page.locator('.paragraph-anchor__button')).toHaveCount(expected.length);
      await expectPlacedOnPage(page, pick!.page, anchorButton(page, source.id), {
        x: 0.08,
        y: source.y_start,
        centre: true,
        yOffset: -2,
      });
      await pointAtAnchor(page, source.id);
      await expect(page.getByRole('tooltip').locator('.anchor-tooltip__label')).toHaveText(
        paragraphLabel(source.id),
      );
      await expect(page.getByRole('tooltip')).toContainText(
        `${relationshipsOf(graph).byParagraph.get(source.id)!.length} relationship(s) available`,
      );

      const panel = relatedPanel(page);
      await expect(pageInput(page)).toHaveValue(aataLabel(pick!.page));
      await clickAnchor(page, source.id);
      await expect(panel).toBeVisible();
      await expectPanelShows(panel, related);
      await expect(drawnPage(page, pick!.page).locator('.paragraph-marker')).toBeVisible();

      const target = related.related.find(
        (item) => item.node.page !== source.page && item.node.y_start < 0.5,
      )!;
      await watchIndicator(page);
      await relatedItem(panel, target.node.id).locator('.related-item__id').click();
      await expect(pageInput(page)).toHaveValue(aataLabel(target.node.page));
      const highlight = drawnPage(page, target.node.page).locator(
        `.paragraph-highlight[data-paragraph-id="${target.node.id}"]`,
      );
      await expect(highlight).toBeVisible();
      await expectPlacedOnPage(page, target.node.page, highlight, { x: 0.04, y: target.node.y_start });
      await expectIndicator(page, 'target', target.node.page, target.node.y_start);

      // Back through the history: the chapter, then the first page.
      const undo = page.getByRole('button', { name: 'Undo navigation' });
      await undo.click();
      await expect(pageInput(page)).toHaveValue(aataLabel(pick!.page));
      await undo.click();
      await expect(pageInput(page)).toHaveValue(aataLabel(1));
      await expect(undo).toBeDisabled();
    } catch (error) {
      const log = await page
        .evaluate(() => (globalThis as unknown as { __scrollLog?: string[] }).__scrollLog ?? [])
        .catch(() => ['(no log)']);
      await test.info().attach('scroll-log', { body: log.join('\n'), contentType: 'text/plain' });
      throw error;
    }
  });
});

test.describe('related panel: figures', () => {
  skipWithoutCorpus(SHARED_BOOKS.aata.pdf);
  test('a caption in the panel comes with its figure drawn from the PDF, and clicking it jumps there', async ({
    page,
    env,
    sharedBooks,
  }) => {
    test.slow();
    const book = await signInToSharedBook(page, env, sharedBooks, 'aata');
    const graph = await fetchGraph(page, book.id);
    const { nodes } = relationshipsOf(graph);
    // Paragraphs high on their page that name a figure, in book order: the first whose related call
    // gives a caption on another page, with its band.
    const sources = graph.edges
      .filter((edge) => /Figure \d/.test(edge.justification) && (nodes.get(edge.source)?.y_start ?? 1) < 0.4)
      .map((edge) => edge.source);
    let choice:
      | {
          source: RelatedParagraphsResponse['source_node'];
          caption: RelatedParagraphsResponse['related'][number];
        }
      | undefined;
    for (const id of [...new Set(sources)].slice(0, 30)) {
      const related = await fetchRelated(page, book.id, id);
      const caption = related.related.find(
        (item) => item.node.figure && item.node.page !== related.source_node.page,
      );
      if (caption) {
        choice = { source: related.source_node, caption };
        break;
      }
    }
    expect(choice, 'a paragraph of aata whose panel shows a figure on another page').toBeDefined();
    const { source, caption } = choice!;
    const band = caption.node.figure!;
    expect(band.top).toBeLessThanOrEqual(caption.node.y_start);
    expect(band.bottom).toBeGreaterThan(caption.node.y_start);

    await openReader(page, book.id);
    await turnToPage(page, source.page, aataLabel(source.page));
    await clickAnchor(page, source.id);
    const panel = relatedPanel(page);
    await expect(panel).toBeVisible();
    const item = relatedItem(panel, caption.node.id);
    const figure = item.getByRole('button', { name: 'Go to the figure' });
    await expect(figure).toHaveAttribute('data-drawn', 'true');
    // Drawn from the page: ink on it, as wide as the item, and as tall as the band at that width.
    const drawnCanvas = figure.locator('canvas');
    const drawn = { ink: await inkOf(drawnCanvas), ...(await box(drawnCanvas)) };
    expect(drawn.ink).toBeGreaterThan(100);
    const itemWidth = (await box(figure)).width;
    expect(drawn.width).toBeGreaterThan(itemWidth * 0.9);
    // aata's pages are US letter: 11 in tall for 8.5 in wide.
    expect(drawn.height / drawn.width).toBeCloseTo(((band.bottom - band.top) * 11) / 8.5, 1);
    // The caption's text stays, for screen readers, search and copying.
    await expect(item.locator('.related-item__text')).toContainText(caption.node.text.slice(0, 20));
    await figure.click();
    await expect(pageInput(page)).toHaveValue(aataLabel(caption.node.page));
    await expect(drawnPage(page, caption.node.page).locator('.paragraph-highlight')).toBeVisible();
  });
  test('See More shows a paragraph as the book prints it, drawn from the PDF; its text stays for screen readers', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await openSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { nodes } = relationshipsOf(graph);
    // A related paragraph longer than the panel's 150 characters, followed by another on its page.
    let choice: { sourceId: string; item: RelatedParagraphsResponse['related'][number] } | undefined;
    for (const sourceId of [...new Set(graph.edges.map((edge) => edge.source))].slice(0, 40)) {
      const related = await fetchRelated(page, sample.id, sourceId);
      const item = related.related.find(
        ({ node }) =>
          node.text.length > 200 &&
          !node.figure &&
          graph.nodes.some((other) => other.page === node.page && other.y_start > node.y_start + 0.05),
      );
      if (item) {
        choice = { sourceId, item };
        break;
      }
    }
    expect(choice, 'a related paragraph of the sample longer than 150 characters').toBeDefined();
    const { sourceId, item } = choice!;
    await turnToPage(page, nodes.get(sourceId)!.page);
    await clickAnchor(page, sourceId);
    const entry = relatedItem(relatedPanel(page), item.node.id);
    await entry.getByRole('button', { name: 'See More' }).click();
    const printed = entry.getByRole('button', { name: 'Go to the paragraph' });
    await expect(printed).toHaveAttribute('data-drawn', 'true');
    const ink = await inkOf(printed.locator('canvas'));
    expect(ink).toBeGreaterThan(200);
    // The whole text is there for screen readers, not shown twice.
    const text = entry.locator('.related-item__text');
    await expect(text).toContainText(item.node.text.slice(-30));
    await expect(text.locator('.visually-hidden')).toHaveCount(1);
    await entry.getByRole('button', { name: 'See Less' }).click();
    await expect(printed).toBeHidden();
    await expect(text.locator('.visually-hidden')).toHaveCount(0);
  });
});

test.describe('reader: screens', () => {
  test('the reader with the related panel, a tooltip and a highlight', async ({
    page,
    env,
    baseURL,
  }, testInfo) => {
    test.slow();
    const sample = await signInAndWaitForSample(page, env, baseURL!);
    const graph = await fetchGraph(page, sample.id);
    const { source, related } = await chooseSource(page, sample.id, graph, { needLong: true });
    const panel = relatedPanel(page);
    await openReader(page, sample.id);
    await turnToPage(page, source.page);
    await clickAnchor(page, source.id);
    await expectPanelShows(panel, related);
    // The first item shown, so the panel stays at its top (subtitle, first group) for the picture.
    const first = panel.locator('li.related-item').first();
    await first.locator('.related-item__explain').click();
    await expect(first.locator('.related-item__summary')).toBeVisible();
    await checkScreen(page, testInfo, 'reader-related-panel');

    const other = relationshipsOf(graph)
      .anchorsOn(source.page)
      .find((node) => node.id !== source.id && node.y_start <= 0.5);
    await pointAtAnchor(page, other?.id ?? source.id);
    await expect(page.getByRole('tooltip')).toBeVisible();
    await checkScreen(page, testInfo, 'reader-anchor-tooltip');

    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    const target = related.related.find((item) => item.node.page !== source.page && item.node.y_start < 0.5)!;
    await relatedItem(panel, target.node.id).locator('.related-item__id').click();
    await expect(page.locator(`.paragraph-highlight[data-paragraph-id="${target.node.id}"]`)).toBeVisible();
    await checkScreen(page, testInfo, 'reader-related-highlight');
  });
});
