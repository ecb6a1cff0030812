import { useId } from 'react';
import { X } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { RelatedParagraphsResponse } from '@threadbook/contracts';
import type { ParagraphNotes } from '../annotations/index.ts';
import {
  groupRelationships,
  relationshipCountText,
  sameParagraphId,
  type ParagraphPlace,
} from '../model/index.ts';
import { timedActions, useParagraphLabelOf, useReaderDispatch, useReaderState } from '../state/index.ts';
import type { AnchorIndex } from './anchor-index.ts';
import { RelatedItem } from './RelatedItem.tsx';
import { RelatedMessage, useRelated } from './use-related.ts';
import './related.css';

/** Height given to a jumped-to paragraph the graph does not place (about three lines). */
const UNPLACED_HEIGHT = 0.05;

interface RelatedPanelProps {
  bookId: number;
  /** The book's PDF, to draw captions' figures from; null where there is none to draw from. */
  pdf: PDFDocumentProxy | null;
  /** Where the paragraphs are, to jump to them. */
  anchors: AnchorIndex;
  /** The student's own highlights and notes in a paragraph, shown on its item (issue 34). */
  notesOn?: (paragraphId: string) => ParagraphNotes | undefined;
}

/**
 * docs/product.md §2 Related panel: the selected paragraph's relationships in groups, or the state it is in. docs/product.md §4:
 * a related paragraph is jumped to (a recorded jump), highlighted and pointed at; the same one again only
 * loses its highlight. The source is jumped to with a source arrow.
 */
export function RelatedPanel({ bookId, pdf, anchors, notesOn }: RelatedPanelProps) {
  const titleId = useId();
  const selectedId = useReaderState((state) => state.selected?.id ?? null);
  const dispatch = useReaderDispatch();
  const related = useRelated(bookId, selectedId, anchors);

  return (
    <section className="related" aria-labelledby={titleId}>
      <header className="related__header">
        <h2 className="related__title" id={titleId}>
          Related Paragraphs
        </h2>
        <button
          type="button"
          className="icon-button related__clear"
          aria-label="Clear selection"
          title="Clear selection"
          disabled={selectedId === null}
          onClick={() => dispatch({ type: 'clearSelection' })}
        >
          <X size={18} aria-hidden="true" />
        </button>
      </header>
      {related.status === 'idle' && <p className="related__message">{RelatedMessage.nothingSelected}</p>}
      {related.status === 'loading' && (
        <p className="related__message" role="status">
          {RelatedMessage.loading}
        </p>
      )}
      {related.status === 'error' && (
        <p className="related__message related__message--error" role="alert">
          {related.message}
        </p>
      )}
      {related.status === 'loaded' &&
        (related.response.related.length === 0 ? (
          <p className="related__message">{RelatedMessage.none}</p>
        ) : (
          // Keyed by the source: another selection starts with no summaries (docs/product.md §4).
          <RelatedGroups
            key={related.response.source_node.id}
            bookId={bookId}
            pdf={pdf}
            anchors={anchors}
            notesOn={notesOn}
            response={related.response}
          />
        ))}
    </section>
  );
}

function RelatedGroups({
  bookId,
  pdf,
  anchors,
  notesOn,
  response,
}: RelatedPanelProps & { response: RelatedParagraphsResponse }) {
  const source = response.source_node;
  const highlightedId = useReaderState((state) => state.highlight?.id ?? null);
  const dispatch = useReaderDispatch();
  const labelOf = useParagraphLabelOf();
  /** Where a paragraph of the panel is: the graph's place for it, else what the related call said. */
  const placeOf = (node: { id: string; page: number; y_start: number }): ParagraphPlace =>
    anchors.placeOf(node.id) ?? {
      id: node.id,
      page: node.page,
      yStart: node.y_start,
      yEnd: node.y_start + UNPLACED_HEIGHT,
    };
  return (
    <>
      <p className="related__subtitle">
        <button
          type="button"
          className="related__source"
          title="Go to this paragraph"
          onClick={() => dispatch(timedActions.jumpToSource(placeOf(source)))}
        >
          {labelOf(source.id)}
        </button>
        <span className="related__count">{relationshipCountText(response.related.length)}</span>
      </p>
      {groupRelationships(response.related).map((group) => (
        <section key={group.key} className="related__group" aria-label={group.title}>
          <h3 className="related__group-title">
            {group.title} <span className="related__group-count">{group.count}</span>
          </h3>
          <ul className="related__list">
            {group.items.map((item) => (
              <RelatedItem
                key={`${item.node.id}:${item.relationship_type}`}
                bookId={bookId}
                pdf={pdf}
                sourceId={source.id}
                item={item}
                place={placeOf(item.node)}
                notes={notesOn?.(item.node.id)}
                highlighted={sameParagraphId(highlightedId, item.node.id)}
                showType={group.key === 'other'}
                onJump={(jumped) => dispatch(timedActions.jumpToRelated(placeOf(jumped.node)))}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
