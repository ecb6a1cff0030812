import { useReaderDispatch, useReaderState } from '../state/index.ts';

/** What the anchors' introduction says, on a first visit. */
export const ANCHOR_INTRODUCTION =
  'Click a round marker beside a paragraph to see what it builds on and what takes it further.';

/**
 * On a first visit, once a page with anchors is shown: a note saying what the anchors do, until "Got it"
 * (or an anchor is chosen). It stands beside the pages, in the place of the closed Related panel, taking
 * its own width: a hint never covers the book's text or its links.
 */
export function AnchorIntroduction({ pageHasAnchors }: { pageHasAnchors: (page: number) => boolean }) {
  // Asked of the current page here: a page turn renders this note, not the reader about it.
  const shown = useReaderState((state) => !state.anchorsIntroduced && pageHasAnchors(state.page));
  const dispatch = useReaderDispatch();
  if (!shown) return null;
  return (
    <aside className="anchor-intro" role="note" aria-label="Related paragraphs">
      <p>{ANCHOR_INTRODUCTION}</p>
      <button
        type="button"
        className="anchor-intro__dismiss"
        onClick={() => dispatch({ type: 'anchorsIntroduced' })}
      >
        Got it
      </button>
    </aside>
  );
}
