import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import type { Annotation, SearchHit } from '@threadbook/contracts';
import type { HistoryJump } from '../model/index.ts';
import type { FindBarProps } from './FindBar.tsx';
import type { FindHighlightProps } from './FindHighlight.tsx';
import { queryTerms } from './fold.ts';
import { FIND_TEXT } from './messages.ts';
import { stepHit, type Direction } from './navigation.ts';
import { notesMatching } from './own-notes.ts';
import type { SearchResultsProps } from './SearchResults.tsx';
import { sectionLabel } from './snippet.tsx';
import { useBookSearch, type BookSearch } from './use-book-search.ts';
import { SEARCH_LIMITS } from '@threadbook/contracts';

interface UseFindOptions {
  bookId: number;
  /** The page shown (asked when needed): the first Enter goes to the first hit from there. */
  currentPage(): number;
  /** A recorded jump (docs/product.md §4), as the table of contents makes. */
  jump(to: HistoryJump): void;
  /** The left sidebar, where the results are listed: opened with the find bar, closed with it again. */
  sidebarOpen: boolean;
  setSidebarOpen(open: boolean): void;
  /** The student's highlights and notes, searched beside the book (issue 34). */
  ownNotes?: readonly Annotation[];
  /** A found note was chosen. */
  onChooseNote?(annotation: Annotation): void;
}

export interface Find {
  open: boolean;
  /** Opens the find bar (or focuses it) with its query selected. */
  openFind(): void;
  close(): void;
  toggle(): void;
  /** What the find bar shows (FindBar), while open. */
  bar: FindBarProps | null;
  /** What the sidebar's search view lists (SearchResults), while the find bar is open. */
  results: SearchResultsProps | null;
  /** The marks on page `pageNumber`'s text layer (FindHighlight, among its overlays), if it has hits. */
  highlightOn(pageNumber: number): FindHighlightProps | null;
}

/** The status line of a search: "12 results", "No results", "Searching…". */
export function statusText(search: BookSearch): string {
  switch (search.status) {
    case 'idle':
      return '';
    case 'tooLong':
      return FIND_TEXT.tooLong(SEARCH_LIMITS.maxQueryLength);
    case 'error':
      return FIND_TEXT.failed;
    case 'searching':
      if (!search.result) return FIND_TEXT.searching;
  }
  const total = search.result?.total ?? 0;
  return total === 0 ? FIND_TEXT.noResults : FIND_TEXT.count(total);
}

/**
 * Find in the book (issue 15): the find bar (Ctrl+F or Cmd+F, the toolbar button), search as you type,
 * the results in the sidebar, Enter and Shift+Enter through the hits with recorded jumps, and the
 * matches marked on the pages.
 */
export function useFind({
  bookId,
  currentPage,
  jump,
  sidebarOpen,
  setSidebarOpen,
  ownNotes = [],
  onChooseNote,
}: UseFindOptions): Find {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(-1);
  const [focusRequest, setFocusRequest] = useState(0);
  const search = useBookSearch(bookId, open ? query : '');
  const result = search.result;
  const hits: readonly SearchHit[] = useMemo(() => result?.hits ?? [], [result]);
  const inputRef = useRef<HTMLInputElement>(null);
  const returnFocus = useRef<Element | null>(null);
  // Whether the sidebar was open before the find bar opened it.
  const sidebarWasOpen = useRef(true);
  // Enter pressed before the results of the query came: go once they do.
  const pendingStep = useRef<Direction | null>(null);

  // A new result has no current hit.
  const [resultShown, setResultShown] = useState(result);
  if (resultShown !== result) {
    setResultShown(result);
    setCurrent(-1);
  }

  const goTo = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    setCurrent(index);
    jump({
      pageNumber: hit.page,
      yStart: hit.yStart,
      source: 'toc',
      label: `${sectionLabel(hit)} (${FIND_TEXT.tab.toLowerCase()})`,
    });
  };
  const step = (direction: Direction) => {
    if (search.status !== 'done') {
      pendingStep.current = direction;
      search.flush();
      return;
    }
    goTo(stepHit(hits, current, direction, currentPage()));
  };
  const takePendingStep = useEffectEvent(() => {
    const direction = pendingStep.current;
    pendingStep.current = null;
    if (direction !== null) goTo(stepHit(hits, -1, direction, currentPage()));
  });
  useEffect(() => {
    if (search.status === 'done') takePendingStep();
    else if (search.status !== 'searching') pendingStep.current = null;
  }, [search.status, result]);

  const openFind = () => {
    if (!open) {
      returnFocus.current = document.activeElement;
      sidebarWasOpen.current = sidebarOpen;
      setOpen(true);
    }
    if (!sidebarOpen) setSidebarOpen(true);
    setFocusRequest((request) => request + 1);
  };
  const close = () => {
    if (!open) return;
    setOpen(false);
    setCurrent(-1);
    pendingStep.current = null;
    if (!sidebarWasOpen.current) setSidebarOpen(false);
    const back = returnFocus.current;
    returnFocus.current = null;
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
    else document.querySelector<HTMLElement>('.pdf-view')?.focus();
  };

  useEffect(() => {
    if (focusRequest === 0) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusRequest]);

  // Ctrl+F or Cmd+F anywhere in the reader, in an input too: the browser's own find is replaced here.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    if (event.key.toLowerCase() !== 'f') return;
    event.preventDefault();
    openFind();
  });
  useEffect(() => {
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const terms = useMemo(() => queryTerms(result?.query ?? ''), [result?.query]);
  const hitPages = useMemo(() => new Set(hits.map((hit) => hit.page)), [hits]);
  const currentHit = current >= 0 ? hits[current] : undefined;
  const highlightOn = (pageNumber: number): FindHighlightProps | null => {
    if (!open || !hitPages.has(pageNumber) || terms.length === 0) return null;
    if (currentHit?.page !== pageNumber) return { terms };
    // The current paragraph runs to the next hit below it on the page, if any.
    const below = hits.find((hit, index) => index > current && hit.page === pageNumber);
    return {
      terms,
      region: {
        yStart: currentHit.yStart,
        yEnd: below && below.yStart > currentHit.yStart ? below.yStart : undefined,
      },
    };
  };

  const status = statusText(search);
  const canStep = hits.length > 0;
  const bar: FindBarProps | null = open
    ? {
        inputRef,
        query,
        onQueryChange: setQuery,
        status,
        position: current >= 0 ? FIND_TEXT.position(current, hits.length) : '',
        canStep,
        onNext: () => step(1),
        onPrevious: () => step(-1),
        onClose: close,
      }
    : null;
  const foundNotes = open && search.status !== 'idle' ? notesMatching(ownNotes, query) : [];
  const results: SearchResultsProps | null = open
    ? {
        notes: foundNotes,
        onChooseNote: (annotation) => onChooseNote?.(annotation),
        hits,
        current,
        total: result?.total ?? 0,
        truncated: result?.truncated ?? false,
        message: search.status === 'idle' ? FIND_TEXT.hint : status,
        busy: search.status === 'searching',
        onChoose: goTo,
      }
    : null;

  return {
    open,
    openFind,
    close,
    toggle: () => (open ? close() : openFind()),
    bar,
    results,
    highlightOn,
  };
}
