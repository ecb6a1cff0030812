import { describe, expect, it } from 'vitest';
import { UNNUMBERED_TITLES } from '../../../test/unnumbered-book.ts';
import { canRedo, canUndo, PAGE_FIT, type ParagraphPlace } from '../model/index.ts';
import {
  initialReaderState,
  LANDING_MARGIN,
  readerReducer,
  type ReaderAction,
  type ReaderState,
} from './reader-state.ts';

const run = (state: ReaderState, ...actions: ReaderAction[]) => actions.reduce(readerReducer, state);
const at = 1_700_000_000_000;
const place = (id: string, page: number, yStart: number): ParagraphPlace => ({
  id,
  page,
  yStart,
  yEnd: yStart + 0.1,
});
/** The view carries out the last navigation request: the page it asked for is shown. */
const arrive = (state: ReaderState): ReaderState =>
  state.navigation ? readerReducer(state, { type: 'pageChanged', page: state.navigation.pageNumber }) : state;

describe('initialReaderState', () => {
  it('opens at the saved page, kept within the book, at page fit, panels closed, nothing selected', () => {
    const state = initialReaderState(350, 41);
    expect(state).toMatchObject({
      totalPages: 350,
      page: 41,
      navigation: null,
      zoom: PAGE_FIT,
      panels: { left: false, right: false },
      sidebarTab: 'contents',
      selected: null,
      highlight: null,
      indicator: null,
    });
    expect(initialReaderState(350, 900).page).toBe(350);
    expect(initialReaderState(350).page).toBe(1);
  });

  it('opens the panels the browser remembers, and the anchors introduce themselves until seen', () => {
    const remembered = { panels: { left: true, right: true }, anchorsIntroduced: false };
    const state = initialReaderState(350, 1, remembered);
    expect(state.panels).toEqual({ left: true, right: true });
    expect(state.anchorsIntroduced).toBe(false);
    const seen = readerReducer(state, { type: 'anchorsIntroduced' });
    expect(seen.anchorsIntroduced).toBe(true);
    expect(readerReducer(seen, { type: 'anchorsIntroduced' })).toBe(seen);
    // Using an anchor is seeing what they do.
    const used = readerReducer(state, { type: 'selectParagraph', place: place('3.2.4', 42, 0.08) });
    expect(used.anchorsIntroduced).toBe(true);
  });
});

describe('pages', () => {
  it('follows the page the view shows, the same state for the same page', () => {
    const state = initialReaderState(350, 5);
    expect(readerReducer(state, { type: 'pageChanged', page: 6 }).page).toBe(6);
    expect(readerReducer(state, { type: 'pageChanged', page: 5 })).toBe(state);
  });

  it('asks the view to go to a page (its top), a new request each time, nothing for a page out of range', () => {
    const state = initialReaderState(350, 5);
    const first = readerReducer(state, { type: 'goToPage', page: 120 });
    expect(first.navigation).toEqual({ pageNumber: 120, yStart: 0, serial: 1 });
    // Asking for a page does not show it: the view reports it when it does.
    expect(first.page).toBe(5);
    expect(readerReducer(first, { type: 'goToPage', page: 120 }).navigation?.serial).toBe(2);
    expect(readerReducer(state, { type: 'goToPage', page: 0 })).toBe(state);
    expect(readerReducer(state, { type: 'goToPage', page: 351 })).toBe(state);
  });

  it('turns pages from the page shown, not past the first or the last', () => {
    expect(run(initialReaderState(350, 5), { type: 'goBy', delta: 1 }).navigation?.pageNumber).toBe(6);
    expect(run(initialReaderState(350, 5), { type: 'goBy', delta: -1 }).navigation?.pageNumber).toBe(4);
    const first = initialReaderState(350, 1);
    expect(readerReducer(first, { type: 'goBy', delta: -1 })).toBe(first);
    const last = initialReaderState(350, 350);
    expect(readerReducer(last, { type: 'goBy', delta: 1 })).toBe(last);
  });

  it('does not record page turns in the history', () => {
    const state = run(initialReaderState(350, 5), { type: 'goToPage', page: 9 }, { type: 'goBy', delta: 1 });
    expect(state.history.entries).toEqual([]);
  });
});

describe('history', () => {
  it('records a jump from the page shown and goes there', () => {
    const state = run(initialReaderState(350, 5), {
      type: 'jump',
      to: { pageNumber: 40, source: 'toc', label: 'Groups' },
      at,
    });
    expect(state.history.entries.map((entry) => [entry.pageNumber, entry.source, entry.label])).toEqual([
      [5, 'manual', 'Page 5'],
      [40, 'toc', 'Groups'],
    ]);
    expect(state.navigation).toEqual({ pageNumber: 40, yStart: 0, serial: 1 });
  });

  it('undoes and redoes jumps, going where each lands, and clears', () => {
    let state = arrive(
      run(initialReaderState(350, 5), {
        type: 'jump',
        to: { pageNumber: 40, source: 'toc', label: 'G' },
        at,
      }),
    );
    state = arrive(
      readerReducer(state, {
        type: 'jump',
        to: { pageNumber: 90, source: 'aiPanel', label: 'P', yStart: 0.5 },
        at,
      }),
    );
    state = arrive(readerReducer(state, { type: 'undo' }));
    expect(state.page).toBe(40);
    expect([canUndo(state.history), canRedo(state.history)]).toEqual([true, true]);
    state = readerReducer(state, { type: 'redo' });
    // A paragraph lands a little below the top of the view.
    expect(state.navigation).toMatchObject({ pageNumber: 90, yStart: 0.5 - LANDING_MARGIN });
    state = arrive(state);
    expect(readerReducer(state, { type: 'redo' })).toBe(state);
    state = readerReducer(state, { type: 'clearHistory' });
    expect(state.history.entries).toEqual([]);
    expect(readerReducer(state, { type: 'undo' })).toBe(state);
  });
});

describe('zoom', () => {
  it('sets a zoom, and steps from the zoom asked for last (page fit from the scale drawn)', () => {
    let state = readerReducer(initialReaderState(350), { type: 'scaleChanged', scale: 0.8 });
    expect(state.scale).toBe(0.8);
    state = readerReducer(state, { type: 'zoomIn' });
    expect(state.zoom).toBe(0.9);
    // Two quick presses make two steps, before the view has drawn the first.
    state = readerReducer(state, { type: 'zoomIn' });
    expect(state.zoom).toBe(1);
    expect(run(state, { type: 'zoomOut' }, { type: 'zoomOut' }).zoom).toBe(0.8);
    expect(readerReducer(state, { type: 'zoomSet', zoom: PAGE_FIT }).zoom).toBe(PAGE_FIT);
    expect(readerReducer(state, { type: 'zoomByWheel', deltaY: -100 }).zoom).toBeGreaterThan(1);
    expect(readerReducer(state, { type: 'zoomByWheel', deltaY: 100 }).zoom).toBeLessThan(1);
  });
});

describe('panels', () => {
  it('toggles and opens either panel, and picks the sidebar tab', () => {
    const state = initialReaderState(350);
    expect(readerReducer(state, { type: 'togglePanel', side: 'left' }).panels).toEqual({
      left: true,
      right: false,
    });
    expect(
      run(state, { type: 'togglePanel', side: 'right' }, { type: 'togglePanel', side: 'right' }).panels,
    ).toEqual(state.panels);
    expect(readerReducer(state, { type: 'setPanelOpen', side: 'right', open: true }).panels.right).toBe(true);
    expect(readerReducer(state, { type: 'setPanelOpen', side: 'right', open: false })).toBe(state);
    expect(readerReducer(state, { type: 'sidebarTabSelected', tab: 'bookmarks' }).sidebarTab).toBe(
      'bookmarks',
    );
  });
});

describe('selection', () => {
  const anchor = place('3.2.4', 42, 0.08);
  const related = place('3.3.1', 43, 0.4);

  it('selects a paragraph, clearing the highlight and opening the related panel; clears both', () => {
    let state = run(initialReaderState(350, 42), { type: 'jumpToRelated', place: related, at });
    expect(state.highlight).toEqual(related);
    state = readerReducer(state, { type: 'selectParagraph', place: anchor });
    expect(state).toMatchObject({ selected: anchor, highlight: null, panels: { right: true } });
    state = run(state, { type: 'jumpToRelated', place: related, at }, { type: 'clearSelection' });
    expect([state.selected, state.highlight]).toEqual([null, null]);
    expect(readerReducer(state, { type: 'clearSelection' })).toBe(state);
  });

  it('jumps to a related paragraph as a recorded jump, highlighted and pointed at', () => {
    const state = run(initialReaderState(350, 42), { type: 'jumpToRelated', place: related, at });
    expect(state.highlight).toEqual(related);
    expect(state.navigation).toMatchObject({ pageNumber: 43, yStart: 0.4 - LANDING_MARGIN });
    expect(state.history.entries.at(-1)).toMatchObject({
      pageNumber: 43,
      source: 'aiPanel',
      label: 'Section 3.3, Paragraph 1',
      yStart: 0.4,
    });
    expect(state.indicator).toEqual({ page: 43, yStart: 0.4, kind: 'target', fading: false, serial: 1 });
  });

  it('records a jump into a section the book gives no number under the section’s title', () => {
    const unnumbered = place('12:4.properties.2', 41, 0.3);
    const labelOfJump = (state: ReaderState) => state.history.entries.at(-1)?.label;
    const before = run(initialReaderState(350, 42), { type: 'jumpToRelated', place: unnumbered, at });
    expect(labelOfJump(before)).toBe('Paragraph 2');
    const read = readerReducer(initialReaderState(350, 42), {
      type: 'sectionTitlesRead',
      titles: UNNUMBERED_TITLES,
    });
    expect(read.sectionTitles).toBe(UNNUMBERED_TITLES);
    expect(labelOfJump(run(read, { type: 'jumpToRelated', place: unnumbered, at }))).toBe(
      '“Properties”, Paragraph 2',
    );
    expect(labelOfJump(run(read, { type: 'jumpToSource', place: unnumbered, at }))).toBe(
      '“Properties”, Paragraph 2',
    );
    expect(labelOfJump(run(read, { type: 'jumpToRelated', place: related, at }))).toBe(
      'Section 3.3, Paragraph 1',
    );
  });

  it('only drops the highlight when the highlighted paragraph is chosen again (book prefix or not)', () => {
    const jumped = run(initialReaderState(350, 42), { type: 'jumpToRelated', place: related, at });
    const again = readerReducer(jumped, { type: 'jumpToRelated', place: { ...related, id: '12:3.3.1' }, at });
    expect(again.highlight).toBeNull();
    expect(again.navigation).toBe(jumped.navigation);
    expect(again.history).toBe(jumped.history);
  });

  it('jumps to the source with a source arrow, leaving the highlight', () => {
    const state = run(
      initialReaderState(350, 43),
      { type: 'jumpToRelated', place: related, at },
      { type: 'jumpToSource', place: anchor, at },
    );
    expect(state.highlight).toEqual(related);
    expect(state.indicator).toMatchObject({ page: 42, kind: 'source', serial: 2 });
  });

  it('fades and removes only the arrow of the serial its timers were set for', () => {
    const state = run(initialReaderState(350, 42), { type: 'jumpToRelated', place: related, at });
    expect(readerReducer(state, { type: 'indicatorFaded', serial: 2 })).toBe(state);
    expect(readerReducer(state, { type: 'indicatorFaded', serial: 1 }).indicator?.fading).toBe(true);
    expect(readerReducer(state, { type: 'indicatorGone', serial: 2 })).toBe(state);
    expect(readerReducer(state, { type: 'indicatorGone', serial: 1 }).indicator).toBeNull();
  });
});
