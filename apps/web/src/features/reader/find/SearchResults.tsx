import { useEffect, useRef } from 'react';
import type { Annotation, SearchHit } from '@threadbook/contracts';
import { usePageLabelOf } from '../state/index.ts';
import { FIND_TEXT } from './messages.ts';
import { sectionLabel, SnippetText } from './snippet.tsx';

export interface SearchResultsProps {
  hits: readonly SearchHit[];
  /** Index of the current hit, -1 for none. */
  current: number;
  /** Every matching paragraph, when more than the hits listed. */
  total: number;
  truncated: boolean;
  /** Shown instead of the list when there is no result to list ("No results", the hint, an error). */
  message: string;
  busy: boolean;
  onChoose(index: number): void;
  /** The student's own highlights and notes the search finds, listed first. */
  notes?: readonly Annotation[];
  onChooseNote?(annotation: Annotation): void;
}

/**
 * The hits of a search in the sidebar, in reading order: the snippet with its matches marked, the section
 * and the page (by its label, as the toolbar shows it). Choosing one goes to it; the current one is marked
 * and kept in view.
 */
export function SearchResults(props: SearchResultsProps) {
  const { hits, current, onChoose } = props;
  const labelOf = usePageLabelOf();
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (current < 0) return;
    const item = listRef.current?.children[current];
    // jsdom has no scrollIntoView.
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [current, hits]);

  const notes = props.notes ?? [];
  return (
    <div className="search-results" aria-busy={props.busy}>
      {notes.length > 0 && (
        <ol className="search-results__list" aria-label={FIND_TEXT.ownNotes}>
          {notes.map((annotation) => (
            <li key={annotation.id}>
              <button
                type="button"
                className="search-results__hit"
                onClick={() => props.onChooseNote?.(annotation)}
              >
                <span className="search-results__snippet">
                  {annotation.note ? `${annotation.note.split('\n')[0]} — ` : ''}“
                  {annotation.target.quote.exact}”
                </span>
                <span className="search-results__where">
                  <span className="search-results__section">{FIND_TEXT.ownNote}</span>
                  <span className="search-results__page">
                    {FIND_TEXT.page(labelOf(annotation.target.page))}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {hits.length === 0 ? (
        <p className="search-results__message">{props.message}</p>
      ) : (
        <ol ref={listRef} className="search-results__list" aria-label={FIND_TEXT.results}>
          {hits.map((hit, index) => (
            <li key={`${hit.paragraphId}-${index}`}>
              <button
                type="button"
                className="search-results__hit"
                aria-current={index === current ? 'true' : undefined}
                onClick={() => onChoose(index)}
              >
                <span className="search-results__snippet">
                  <SnippetText snippet={hit.snippet} />
                </span>
                <span className="search-results__where">
                  <span className="search-results__section">{sectionLabel(hit)}</span>
                  <span className="search-results__page">{FIND_TEXT.page(labelOf(hit.page))}</span>
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {props.truncated && hits.length > 0 && (
        <p className="search-results__message">{FIND_TEXT.truncated(hits.length, props.total)}</p>
      )}
    </div>
  );
}
