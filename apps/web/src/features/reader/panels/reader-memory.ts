/**
 * What the reader remembers per browser beyond the panels' widths: whether each side panel was open, and
 * whether the paragraph anchors have introduced themselves. A first visit opens the table of contents on
 * a window wide enough to keep a readable page beside it.
 */
import type { PanelSide } from './panel-size.ts';

/** The narrowest window on which a first visit opens the table of contents. */
export const TOC_FIRST_OPEN_MIN_WIDTH = 1200;

export const panelOpenKey = (side: PanelSide) => `threadbook:panel-open:${side}`;
export const ANCHORS_INTRODUCED_KEY = 'threadbook:anchors-introduced';

export interface ReaderMemory {
  panels: Record<PanelSide, boolean>;
  /** The anchors have shown once that they can be clicked (or the student has used one). */
  anchorsIntroduced: boolean;
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** What `storage` remembers; on a first visit, the table of contents open on a wide window. */
export function readReaderMemory(storage: Storage, windowWidth: number): ReaderMemory {
  const open = (side: PanelSide, firstVisit: boolean) => {
    const stored = read(storage, panelOpenKey(side));
    return stored === null ? firstVisit : stored === 'true';
  };
  return {
    panels: { left: open('left', windowWidth >= TOC_FIRST_OPEN_MIN_WIDTH), right: open('right', false) },
    anchorsIntroduced: read(storage, ANCHORS_INTRODUCED_KEY) === 'true',
  };
}

/** Remembers what changed; storage that refuses the write (quota, private mode) only loses the memory. */
export function writeReaderMemory(storage: Storage, memory: ReaderMemory): void {
  try {
    storage.setItem(panelOpenKey('left'), String(memory.panels.left));
    storage.setItem(panelOpenKey('right'), String(memory.panels.right));
    storage.setItem(ANCHORS_INTRODUCED_KEY, String(memory.anchorsIntroduced));
  } catch {
    // Not remembered; the reader works the same.
  }
}
