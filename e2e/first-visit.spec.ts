import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { drawnPage, openSample, turnToPage } from './support/reader.ts';

/** A page of the sample book with paragraph anchors (its first pages, title and contents, have none). */
const PAGE_WITH_ANCHORS = 6;

/** The introduction stands beside the page, covering none of it (issue 34: a hint never covers the book). */
async function expectBesideThePage(page: Page, note: Locator) {
  const hint = (await note.boundingBox())!;
  const shown = (await drawnPage(page, PAGE_WITH_ANCHORS).boundingBox())!;
  const apart =
    hint.x >= shown.x + shown.width ||
    hint.x + hint.width <= shown.x ||
    hint.y >= shown.y + shown.height ||
    hint.y + hint.height <= shown.y;
  expect(apart, `the hint ${JSON.stringify(hint)} covers the page ${JSON.stringify(shown)}`).toBe(true);
}

/**
 * The anchors' pulse animates what the compositor animates alone (transform, opacity): each page turned on
 * a first visit pulses its anchors for 2.4 s, and a property such as box-shadow would be styled and
 * repainted on the main thread every frame of it, delaying the next turn (issue 36).
 */
async function expectPulseOnTheCompositor(page: Page) {
  const pulse = await page
    .getByRole('button', { name: /^Relationships of / })
    .first()
    .evaluate((anchor) => {
      // The page's own CSS object model, typed here as far as it is read (this project has no DOM types).
      type Rule = { type: number; name?: string; cssRules?: Iterable<Rule>; style?: Iterable<string> };
      const page = globalThis as unknown as {
        getComputedStyle(element: unknown, pseudo?: string): { animationName: string };
        document: { styleSheets: Iterable<{ cssRules: Iterable<Rule> }> };
      };
      const KEYFRAMES_RULE = 7;
      const name = page.getComputedStyle(anchor, '::before').animationName;
      const keyframes = [...page.document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .find((rule) => rule.type === KEYFRAMES_RULE && rule.name === name);
      const animated = [...(keyframes?.cssRules ?? [])].flatMap((frame) => [...(frame.style ?? [])]);
      return {
        name,
        animated: [...new Set(animated)].sort(),
        own: page.getComputedStyle(anchor).animationName,
      };
    });
  expect(pulse).toEqual({ name: 'anchor-pulse', animated: ['opacity', 'transform'], own: 'none' });
}

/** A reader opening Threadbook for the first time in this browser: nothing remembered yet. */
test.use({ returningReader: false });

test.describe('a first visit', () => {
  test.describe.configure({ timeout: 120_000 });

  test('opens the table of contents on a wide window, introduces the anchors once, and remembers the panels', async ({
    page,
    env,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSample(page, env, baseURL!);
    const toc = page.getByRole('navigation', { name: 'Table of Contents' });
    await expect(toc).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle table of contents' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Toggle related panel' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    // The anchors say once that they can be clicked, beside the first one of the page shown.
    await turnToPage(page, PAGE_WITH_ANCHORS);
    const note = page.getByRole('note', { name: 'Related paragraphs' });
    await expect(note).toContainText('Click a round marker beside a paragraph');
    await expectBesideThePage(page, note);
    await expectPulseOnTheCompositor(page);
    await note.getByRole('button', { name: 'Got it' }).click();
    await expect(note).toBeHidden();

    // The student closes the contents and opens the related panel: so it is the next time.
    await page.getByRole('button', { name: 'Toggle table of contents' }).click();
    await page.getByRole('button', { name: 'Toggle related panel' }).click();
    await expect(toc).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Toggle related panel' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      page.getByText('Click on a paragraph anchor in the PDF to view its relationships.'),
    ).toBeVisible();
    await expect(toc).toBeHidden();
    await turnToPage(page, PAGE_WITH_ANCHORS);
    await expect(page.getByRole('button', { name: /^Relationships of / }).first()).toBeVisible();
    await expect(note).toBeHidden();
  });

  test('keeps the page whole on a narrow window: no panel opens, and choosing an anchor ends the introduction', async ({
    page,
    env,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await openSample(page, env, baseURL!);
    await expect(page.getByRole('button', { name: 'Toggle table of contents' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await turnToPage(page, PAGE_WITH_ANCHORS);
    const note = page.getByRole('note', { name: 'Related paragraphs' });
    await expect(note).toBeVisible();
    await expectBesideThePage(page, note);
    await page
      .getByRole('button', { name: /^Relationships of / })
      .first()
      .click();
    await expect(note).toBeHidden();
    await page.reload();
    await turnToPage(page, PAGE_WITH_ANCHORS);
    await expect(page.getByRole('button', { name: /^Relationships of / }).first()).toBeVisible();
    await expect(note).toBeHidden();
  });
});
