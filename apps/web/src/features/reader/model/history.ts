/**
 * Navigation history (docs/product.md §4): a linear list of visited places with a current index, held as immutable
 * state so React can keep it; every function returns a new state (or the same one when nothing changes).
 * Only table-of-contents and related-panel jumps are pushed; the type of `source` makes manual page
 * changes impossible to record.
 */

/** docs/product.md §9: the oldest entry is dropped beyond this. */
export const HISTORY_LIMIT = 100;

/** docs/product.md §3 "Navigation history entry": where a jump came from. */
export type HistorySource = 'toc' | 'aiPanel' | 'manual';

/** The jumps that are recorded; 'manual' only ever labels the starting page. */
export type RecordedSource = Exclude<HistorySource, 'manual'>;

export interface HistoryEntry {
  readonly pageNumber: number;
  readonly source: HistorySource;
  readonly label: string;
  /** Top of the target as a fraction of the page height (0..1), when known. */
  readonly yStart?: number;
  /** When the entry was recorded, in ms since the epoch. */
  readonly timestamp: number;
}

export interface NavigationHistory {
  readonly entries: readonly HistoryEntry[];
  /** The current entry; -1 when the history is empty. */
  readonly index: number;
}

/** A recorded jump, as the reader pushes it. */
export interface HistoryJump {
  pageNumber: number;
  source: RecordedSource;
  label: string;
  yStart?: number;
}

/** Where undo or redo takes the reader. */
export interface HistoryTarget {
  pageNumber: number;
  yStart?: number;
}

export const EMPTY_HISTORY: NavigationHistory = Object.freeze({ entries: Object.freeze([]), index: -1 });

function checkPage(name: string, page: number): void {
  if (!Number.isSafeInteger(page) || page < 1) {
    throw new RangeError(`${name} must be a whole number of at least 1, got ${page}`);
  }
}

function checkYStart(yStart: number | undefined): void {
  if (yStart !== undefined && !(Number.isFinite(yStart) && yStart >= 0 && yStart <= 1)) {
    throw new RangeError(`yStart must be a number from 0 to 1, got ${yStart}`);
  }
}

/**
 * Records `jump`, made from `currentPage` (the page shown when the jump was asked for) at time `now`.
 * Forward entries are discarded. The push is ignored when it targets the page already current: the page of
 * the current entry, or `currentPage` while the history is empty. The first push records the starting
 * page before it, as a manual entry labelled 'Page N'.
 */
export function pushHistory(
  history: NavigationHistory,
  jump: HistoryJump,
  currentPage: number,
  now: number,
): NavigationHistory {
  checkPage('pageNumber', jump.pageNumber);
  checkPage('currentPage', currentPage);
  checkYStart(jump.yStart);
  const current = history.entries[history.index];
  if (jump.pageNumber === (current?.pageNumber ?? currentPage)) return history;

  const entries = history.entries.slice(0, history.index + 1);
  if (entries.length === 0) {
    entries.push({ pageNumber: currentPage, source: 'manual', label: `Page ${currentPage}`, timestamp: now });
  }
  const entry: HistoryEntry = {
    pageNumber: jump.pageNumber,
    source: jump.source,
    label: jump.label,
    timestamp: now,
    ...(jump.yStart === undefined ? {} : { yStart: jump.yStart }),
  };
  entries.push(entry);
  const kept = entries.length > HISTORY_LIMIT ? entries.slice(entries.length - HISTORY_LIMIT) : entries;
  return { entries: kept, index: kept.length - 1 };
}

export function canUndo(history: NavigationHistory): boolean {
  return history.index > 0;
}

export function canRedo(history: NavigationHistory): boolean {
  return history.index < history.entries.length - 1;
}

export type HistoryStep = { history: NavigationHistory; target: HistoryTarget } | null;

/** The history moved to `index` and the place to jump to; null when there is no entry there. */
function moveTo(history: NavigationHistory, index: number): HistoryStep {
  const entry = history.entries[index];
  if (entry === undefined) return null;
  const target: HistoryTarget = { pageNumber: entry.pageNumber };
  if (entry.yStart !== undefined) target.yStart = entry.yStart;
  return { history: { entries: history.entries, index }, target };
}

/** One step back and the place to jump to; null when there is nothing to undo. */
export function undoHistory(history: NavigationHistory): HistoryStep {
  return moveTo(history, history.index - 1);
}

/** One step forward and the place to jump to; null when there is nothing to redo. */
export function redoHistory(history: NavigationHistory): HistoryStep {
  return moveTo(history, history.index + 1);
}

/** Clear empties the history (the button shows only when there is something to clear). */
export function canClearHistory(history: NavigationHistory): boolean {
  return history.entries.length > 0;
}

export function clearHistory(): NavigationHistory {
  return EMPTY_HISTORY;
}
