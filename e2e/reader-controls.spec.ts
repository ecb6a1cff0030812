import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { drawnPage, openSample, pageInput, SAMPLE_TITLE, turnToPage } from './support/reader.ts';

/**
 * The reader's controls (docs/product.md §2 Reader, §5, §9): the toolbar's items and their order, the zoom preset menu,
 * the resizable side panels, the keyboard shortcuts reader.spec.ts does not already press, and what the page
 * and zoom inputs accept.
 *
 * The sample book (samples/sample-book) is 32 US-letter pages: 612 × 792 pt, 816 × 1056 CSS pixels at 100%. Its
 * table of contents has the chapter 'Trees' on page 10 and 'Exploring Graphs' on page 16.
 */

/** The size of a sample page at 100%: 8.5 × 11 in at 96 CSS pixels an inch. */
const PAGE_WIDTH_AT_100 = 816;
const PAGE_HEIGHT_AT_100 = 1056;

function zoomInput(page: Page) {
  return page.getByRole('textbox', { name: 'Zoom percentage' });
}

function viewer(page: Page) {
  return page.getByRole('region', { name: SAMPLE_TITLE });
}

/** The CSS width page 1 is laid out at. */
async function pageWidth(page: Page, pageNumber = 1): Promise<number> {
  const box = await page.locator(`.pdf-page[data-page-number="${pageNumber}"]`).boundingBox();
  expect(box, `page ${pageNumber} has a slot`).not.toBeNull();
  return box!.width;
}

/** Page `pageNumber` is laid out at `scale` and drawn at it: its canvas has that many pixels, not fewer. */
async function expectDrawnAt(page: Page, scale: number, pageNumber = 1) {
  const cssWidth = PAGE_WIDTH_AT_100 * scale;
  await expect.poll(() => pageWidth(page, pageNumber)).toBeCloseTo(cssWidth, 0);
  await expect(drawnPage(page, pageNumber)).toBeVisible();
  const canvas = await drawnPage(page, pageNumber)
    .locator('canvas')
    .evaluate((element) => {
      const drawn = element as unknown as { width: number; getBoundingClientRect(): { width: number } };
      const ratio = (globalThis as unknown as { devicePixelRatio: number }).devicePixelRatio;
      return { pixels: drawn.width, cssWidth: drawn.getBoundingClientRect().width, ratio };
    });
  expect(canvas.cssWidth).toBeCloseTo(cssWidth, 0);
  // One canvas pixel per device pixel, unless the page would take more than the reader's cap of 16 M
  // canvas pixels (PageView.tsx): then as many as the cap allows.
  const cssHeight = PAGE_HEIGHT_AT_100 * scale;
  const ratio = Math.min(canvas.ratio, Math.sqrt(2 ** 24 / (cssWidth * cssHeight)));
  expect(Math.abs(canvas.pixels - cssWidth * ratio)).toBeLessThanOrEqual(1);
}

/** Jumps through the table of contents (a recorded jump) to the chapter titled `title`. */
async function tocJump(page: Page, title: string, pageNumber: number) {
  const toc = page.getByRole('navigation', { name: 'Table of Contents' });
  if (!(await toc.isVisible())) await page.getByRole('button', { name: 'Toggle table of contents' }).click();
  await toc
    .getByRole('button', { name: `${title} ${pageNumber}`, exact: true })
    .first()
    .click();
  await expect(pageInput(page)).toHaveValue(String(pageNumber));
  await expect(drawnPage(page, pageNumber)).toBeVisible();
}

/** Drags `handle` sideways by `dx` pixels with the mouse, past wherever the limits are. */
async function dragBy(page: Page, handle: Locator, dx: number) {
  const box = await handle.boundingBox();
  expect(box, 'the handle is laid out').not.toBeNull();
  const x = box!.x + box!.width / 2;
  const y = box!.y + box!.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}

/** A side panel and its resize handle (docs/product.md §9 bounds). */
function panel(page: Page, side: 'left' | 'right') {
  const label = side === 'left' ? 'Table of contents' : 'Related paragraphs';
  return {
    region: page.getByRole('complementary', { name: label, exact: true }),
    handle: page.getByRole('separator', { name: `Resize ${label}` }),
  };
}

/** The panel is `width` pixels wide on screen, and its handle says so. */
async function expectPanelWidth(page: Page, side: 'left' | 'right', width: number) {
  const { region, handle } = panel(page, side);
  await expect(handle).toHaveAttribute('aria-valuenow', String(width));
  await expect.poll(async () => (await region.boundingBox())?.width).toBe(width);
}

test.describe('reader controls', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the toolbar lists its items in order; clear history appears after undo and redo', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await openSample(page, env, baseURL!);
    const toolbar = page.getByRole('toolbar', { name: 'Reader toolbar' });
    await expect(toolbar).toMatchAriaSnapshot(`
      - toolbar "Reader toolbar":
        - /children: equal
        - button "Toggle table of contents"
        - button "Undo navigation" [disabled]
        - button "Redo navigation" [disabled]
        - 'heading "${SAMPLE_TITLE}" [level=1]'
        - button "Previous page" [disabled]
        - textbox "Page number": "1"
        - text: / ${sample.pageCount}
        - button "Next page"
        - button "Bookmark this page"
        - button "Zoom out"
        - textbox "Zoom percentage"
        - text: "%"
        - button "Zoom presets"
        - button "Zoom in"
        - button "Find in book"
        - button "Page display"
        - button "Toggle fullscreen"
        - button "Toggle related panel"
    `);
    // The toggles say whether they are on.
    for (const name of [
      'Toggle table of contents',
      'Bookmark this page',
      'Toggle fullscreen',
      'Toggle related panel',
    ]) {
      await expect(toolbar.getByRole('button', { name, exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    }
    await expect(toolbar.getByRole('button', { name: 'Zoom presets' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );

    await tocJump(page, 'Trees', 10);
    await expect(toolbar).toMatchAriaSnapshot(`
      - toolbar "Reader toolbar":
        - /children: equal
        - button "Toggle table of contents" [pressed]
        - button "Undo navigation"
        - button "Redo navigation" [disabled]
        - button "Clear navigation history"
        - 'heading "${SAMPLE_TITLE}" [level=1]'
        - button "Previous page"
        - textbox "Page number": "10"
        - text: / ${sample.pageCount}
        - button "Next page"
        - button "Bookmark this page"
        - button "Zoom out"
        - textbox "Zoom percentage"
        - text: "%"
        - button "Zoom presets"
        - button "Zoom in"
        - button "Find in book"
        - button "Page display"
        - button "Toggle fullscreen"
        - button "Toggle related panel"
    `);
  });

  test('the zoom presets menu: arrow keys, Escape, 200% and back to page fit', async ({
    page,
    env,
    baseURL,
  }) => {
    await openSample(page, env, baseURL!);
    const fit = await zoomInput(page).inputValue();
    const widthAtFit = await pageWidth(page);
    const presets = page.getByRole('button', { name: 'Zoom presets' });
    const menu = page.getByRole('menu', { name: 'Zoom presets' });
    const item = (name: string) => menu.getByRole('menuitemradio', { name, exact: true });
    await expect(presets).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toHaveCount(0);

    await presets.click();
    await expect(menu).toBeVisible();
    await expect(presets).toHaveAttribute('aria-expanded', 'true');
    // The keys below are the keyboard's alone: a pointer resting over an item would take focus (see below).
    await page.mouse.move(0, 0);
    await expect(menu.getByRole('menuitemradio')).toHaveText([
      'Page fit',
      '50%',
      '75%',
      '100%',
      '125%',
      '150%',
      '200%',
      '300%',
      '400%',
    ]);
    // Page fit is the zoom the reader opens at: checked, and focused as the menu opens.
    await expect(item('Page fit')).toHaveAttribute('aria-checked', 'true');
    await expect(menu.locator('[role="menuitemradio"][aria-checked="true"]')).toHaveCount(1);
    await expect(item('Page fit')).toBeFocused();

    // Arrow keys move between the items (wrapping), Home and End go to the ends; no page turns.
    await page.keyboard.press('ArrowDown');
    await expect(item('50%')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('75%')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item('50%')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item('Page fit')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item('400%')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item('Page fit')).toBeFocused();
    await page.keyboard.press('End');
    await expect(item('400%')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(item('Page fit')).toBeFocused();
    await expect(pageInput(page)).toHaveValue('1');

    // Escape closes it and gives focus back to its button; nothing changed.
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(presets).toBeFocused();
    await expect(presets).toHaveAttribute('aria-expanded', 'false');
    await expect(zoomInput(page)).toHaveValue(fit);

    // 200% by a click: the pages are laid out and drawn at twice their size.
    await presets.click();
    await item('200%').click();
    await expect(menu).toHaveCount(0);
    await expect(zoomInput(page)).toHaveValue('200');
    await expectDrawnAt(page, 2);

    // From the keyboard: ArrowDown on the button opens at the checked item, Enter chooses. The pointer goes
    // out of the way first: Chromium moves a resting pointer again when the menu opens under it, and a
    // menu item the pointer moves over takes focus (Radix), as it would for the student's mouse.
    await page.mouse.move(0, 0);
    await presets.focus();
    await page.keyboard.press('ArrowDown');
    await expect(item('200%')).toBeFocused();
    await expect(item('200%')).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(item('150%')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(item('125%')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveCount(0);
    await expect(zoomInput(page)).toHaveValue('125');
    await expectDrawnAt(page, 1.25);

    // A click elsewhere closes the menu without choosing.
    await presets.click();
    await expect(menu).toBeVisible();
    await page.getByRole('heading', { name: SAMPLE_TITLE }).click();
    await expect(menu).toHaveCount(0);
    await expect(zoomInput(page)).toHaveValue('125');

    // Page fit gives back the fit the reader opened at.
    await presets.click();
    await item('Page fit').click();
    await expect(zoomInput(page)).toHaveValue(fit);
    await expect.poll(() => pageWidth(page)).toBeCloseTo(widthAtFit, 0);
    await presets.click();
    await expect(item('Page fit')).toHaveAttribute('aria-checked', 'true');
  });

  test('side panels resize by dragging and by keys within their limits, and keep their widths', async ({
    page,
    env,
    baseURL,
  }) => {
    await openSample(page, env, baseURL!);
    await page.getByRole('button', { name: 'Toggle table of contents' }).click();
    await page.getByRole('button', { name: 'Toggle related panel' }).click();
    const left = panel(page, 'left');
    const right = panel(page, 'right');
    await expect(left.handle).toHaveAttribute('aria-valuemin', '200');
    await expect(left.handle).toHaveAttribute('aria-valuemax', '500');
    await expect(right.handle).toHaveAttribute('aria-valuemin', '250');
    await expect(right.handle).toHaveAttribute('aria-valuemax', '600');
    await expect(left.handle).toHaveAttribute('aria-orientation', 'vertical');
    await expectPanelWidth(page, 'left', 280);
    await expectPanelWidth(page, 'right', 400);

    // The left panel's handle: right widens it, left narrows it, never past 200-500.
    await dragBy(page, left.handle, -50);
    await expectPanelWidth(page, 'left', 230);
    await dragBy(page, left.handle, -300);
    await expectPanelWidth(page, 'left', 200);
    await dragBy(page, left.handle, 400);
    await expectPanelWidth(page, 'left', 500);

    // The right panel's handle: left widens it, right narrows it, never past 250-600.
    await dragBy(page, right.handle, -100);
    await expectPanelWidth(page, 'right', 500);
    await dragBy(page, right.handle, -400);
    await expectPanelWidth(page, 'right', 600);
    await dragBy(page, right.handle, 500);
    await expectPanelWidth(page, 'right', 250);

    // Keys on a focused handle: arrows by 10 (Shift: 50), Home the narrowest, End the widest; the arrow
    // keys do not turn pages meanwhile.
    await left.handle.focus();
    await page.keyboard.press('Home');
    await expectPanelWidth(page, 'left', 200);
    await page.keyboard.press('ArrowLeft');
    await expectPanelWidth(page, 'left', 200);
    await page.keyboard.press('End');
    await expectPanelWidth(page, 'left', 500);
    await page.keyboard.press('ArrowRight');
    await expectPanelWidth(page, 'left', 500);
    await page.keyboard.press('ArrowLeft');
    await expectPanelWidth(page, 'left', 490);
    await page.keyboard.press('Shift+ArrowLeft');
    await expectPanelWidth(page, 'left', 440);
    await page.keyboard.press('ArrowRight');
    await expectPanelWidth(page, 'left', 450);

    await right.handle.focus();
    await page.keyboard.press('End');
    await expectPanelWidth(page, 'right', 600);
    await page.keyboard.press('ArrowRight');
    await expectPanelWidth(page, 'right', 590);
    await page.keyboard.press('ArrowLeft');
    await expectPanelWidth(page, 'right', 600);
    await page.keyboard.press('Home');
    await expectPanelWidth(page, 'right', 250);
    await page.keyboard.press('Shift+ArrowLeft');
    await expectPanelWidth(page, 'right', 300);
    await expect(pageInput(page)).toHaveValue('1');

    // Another visit: the panels are open as they were left, at the widths they were left at.
    await page.reload();
    await expect(drawnPage(page, 1)).toBeVisible();
    await expect(left.region).toBeVisible();
    await expectPanelWidth(page, 'left', 450);
    await expectPanelWidth(page, 'right', 300);
  });

  test('PageDown/PageUp, Alt+ArrowDown/Up and ArrowDown/Up turn pages', async ({ page, env, baseURL }) => {
    await openSample(page, env, baseURL!);
    await viewer(page).focus();
    const steps: [key: string, pageNumber: number][] = [
      ['PageDown', 2],
      ['PageDown', 3],
      ['PageUp', 2],
      ['Alt+ArrowDown', 3],
      ['Alt+ArrowDown', 4],
      ['Alt+ArrowUp', 3],
      ['ArrowDown', 4],
      ['ArrowUp', 3],
      ['PageUp', 2],
      ['PageUp', 1],
      // Not before the first page.
      ['PageUp', 1],
      ['Alt+ArrowUp', 1],
    ];
    for (const [key, pageNumber] of steps) {
      await page.keyboard.press(key);
      await expect(pageInput(page), `after ${key}`).toHaveValue(String(pageNumber));
    }
    await expect(drawnPage(page, 1)).toBeInViewport({ ratio: 0.9 });
    // Page turns are not recorded.
    await expect(page.getByRole('button', { name: 'Undo navigation' })).toBeDisabled();

    // Not past the last page either.
    await turnToPage(page, 31);
    await viewer(page).focus();
    await page.keyboard.press('PageDown');
    await expect(pageInput(page)).toHaveValue('32');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Alt+ArrowDown');
    await expect(pageInput(page)).toHaveValue('32');
    await expect(drawnPage(page, 32)).toBeInViewport();
  });

  test('Ctrl+Z undoes; Ctrl+Shift+Z, Ctrl+Y, Shift+Z, Y and ] redo; Shift+Backspace clears the history', async ({
    page,
    env,
    baseURL,
  }) => {
    await openSample(page, env, baseURL!);
    await tocJump(page, 'Trees', 10);
    await viewer(page).focus();
    const undo = page.getByRole('button', { name: 'Undo navigation' });
    const redo = page.getByRole('button', { name: 'Redo navigation' });
    for (const redoKey of ['Control+Shift+Z', 'Control+y', 'Shift+Z', 'y', 'Y', ']']) {
      await page.keyboard.press('Control+z');
      await expect(pageInput(page), 'after Ctrl+Z').toHaveValue('1');
      await expect(drawnPage(page, 1)).toBeInViewport({ ratio: 0.5 });
      await expect(redo).toBeEnabled();
      await page.keyboard.press(redoKey);
      await expect(pageInput(page), `after ${redoKey}`).toHaveValue('10');
      await expect(drawnPage(page, 10)).toBeInViewport({ ratio: 0.5 });
      await expect(redo).toBeDisabled();
    }

    await expect(page.getByRole('button', { name: 'Clear navigation history' })).toBeVisible();
    await page.keyboard.press('Shift+Backspace');
    await expect(page.getByRole('button', { name: 'Clear navigation history' })).toHaveCount(0);
    await expect(undo).toBeDisabled();
    await expect(redo).toBeDisabled();
    // Clearing the history does not move the page, and the undo key has nothing left to do.
    await page.keyboard.press('Control+z');
    await expect(pageInput(page)).toHaveValue('10');
  });

  test('= zooms in and - zooms out through the finer step table', async ({ page, env, baseURL }) => {
    await openSample(page, env, baseURL!);
    await zoomInput(page).fill('100');
    await zoomInput(page).press('Enter');
    await expectDrawnAt(page, 1);
    await viewer(page).focus();
    await page.keyboard.press('=');
    await expect(zoomInput(page)).toHaveValue('110');
    await expectDrawnAt(page, 1.1);
    await page.keyboard.press('=');
    await expect(zoomInput(page)).toHaveValue('130');
    for (const expected of ['110', '100', '90']) {
      await page.keyboard.press('-');
      await expect(zoomInput(page)).toHaveValue(expected);
    }
    await expectDrawnAt(page, 0.9);
  });

  test('no shortcut fires while typing in the page or zoom input', async ({ page, env, baseURL }) => {
    await openSample(page, env, baseURL!);
    // A history with somewhere to go both ways: 1 -> 10 -> 16, back to 10.
    await tocJump(page, 'Trees', 10);
    await tocJump(page, 'Exploring Graphs', 16);
    await page.getByRole('button', { name: 'Undo navigation' }).click();
    await expect(pageInput(page)).toHaveValue('10');
    const zoom = await zoomInput(page).inputValue();
    const keys = [
      'PageDown',
      'PageUp',
      'Alt+ArrowDown',
      'Alt+ArrowUp',
      'ArrowDown',
      'ArrowUp',
      'ArrowRight',
      'ArrowLeft',
      'Control+z',
      'Control+Shift+Z',
      'Control+y',
      'Shift+Z',
      'y',
      '[',
      ']',
      '+',
      '=',
      '-',
      'm',
      'b',
      'Shift+P',
      'Shift+F',
      'Shift+Backspace',
      'Backspace',
    ];

    for (const input of [pageInput(page), zoomInput(page)]) {
      await input.focus();
      for (const key of keys) await page.keyboard.press(key);
      await page.keyboard.press('Escape');
      await expect(input).toBeFocused();

      await expect(pageInput(page)).toHaveValue('10');
      await expect(drawnPage(page, 10)).toBeInViewport({ ratio: 0.5 });
      await expect(zoomInput(page)).toHaveValue(zoom);
      await expect(page.getByRole('button', { name: 'Undo navigation' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Redo navigation' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Clear navigation history' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Table of Contents' })).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Related paragraphs' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Toggle fullscreen' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Bookmark this page' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await expect(page.getByRole('tab', { name: 'Bookmarks (0)' })).toBeVisible();
    }

    // The same keys do act once focus leaves the input: M bookmarks, ] redoes.
    await viewer(page).focus();
    await page.keyboard.press('m');
    await expect(page.getByRole('button', { name: 'Remove bookmark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press(']');
    await expect(pageInput(page)).toHaveValue('16');
  });

  test('the page input takes only a whole page from 1 to the last; anything else reverts', async ({
    page,
    env,
    baseURL,
  }) => {
    const sample = await openSample(page, env, baseURL!);
    await turnToPage(page, 7);
    for (const typed of ['0', '-1', 'abc', '2.5', String(sample.pageCount + 1), '', '1e1', '7a']) {
      await pageInput(page).fill(typed);
      await pageInput(page).press('Enter');
      await expect(pageInput(page), `after '${typed}'`).toHaveValue('7');
    }
    await expect(drawnPage(page, 7)).toBeInViewport({ ratio: 0.5 });
    // Escape puts back the page too, without going anywhere.
    await pageInput(page).fill('20');
    await pageInput(page).press('Escape');
    await expect(pageInput(page)).toHaveValue('7');
    // The ends are pages.
    await turnToPage(page, sample.pageCount);
    await turnToPage(page, 1);
    await expect(drawnPage(page, 1)).toBeInViewport({ ratio: 0.9 });
  });

  test('the zoom input takes whole percents from 25 to 500; zoom out stops at 25%', async ({
    page,
    env,
    baseURL,
  }) => {
    await openSample(page, env, baseURL!);
    const fit = await zoomInput(page).inputValue();
    for (const typed of ['24', '501', 'x', '', '12.5', '0']) {
      await zoomInput(page).fill(typed);
      await zoomInput(page).press('Enter');
      await expect(zoomInput(page), `after '${typed}'`).toHaveValue(fit);
    }

    await zoomInput(page).fill('500');
    await zoomInput(page).press('Enter');
    await expect(zoomInput(page)).toHaveValue('500');
    await expectDrawnAt(page, 5);

    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    await zoomInput(page).fill('25');
    await zoomInput(page).press('Enter');
    await expect(zoomInput(page)).toHaveValue('25');
    await expectDrawnAt(page, 0.25);
    await expect(zoomOut).toBeDisabled();

    // From 30% the button goes to 25%, not 5%, and no further.
    await zoomInput(page).fill('30');
    await zoomInput(page).press('Enter');
    await expect(zoomInput(page)).toHaveValue('30');
    await expect(zoomOut).toBeEnabled();
    await zoomOut.click();
    await expect(zoomInput(page)).toHaveValue('25');
    await expect(zoomOut).toBeDisabled();
    await expectDrawnAt(page, 0.25);

    // And the steps of 25: 100% -> 75% -> 50% -> 25%.
    await zoomInput(page).fill('100');
    await zoomInput(page).press('Enter');
    for (const expected of ['75', '50', '25']) {
      await zoomOut.click();
      await expect(zoomInput(page)).toHaveValue(expected);
    }
    await expect(zoomOut).toBeDisabled();
  });
});
