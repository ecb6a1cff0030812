import { useState } from 'react';
import { Sparkles, TriangleAlert } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { RelatedParagraph } from '@threadbook/contracts';
import type { ParagraphNotes } from '../annotations/index.ts';
import { pageLabel, relationshipTypeLabel, truncateText, type ParagraphPlace } from '../model/index.ts';
import { useParagraphLabelOf } from '../state/index.ts';
import { PAGE_TEXT_BOTTOM } from './anchor-index.ts';
import { PageBand } from './PageBand.tsx';
import { summaryButtonLabel, SummaryText, useSummary } from './use-summary.ts';

interface RelatedItemProps {
  bookId: number;
  /** The book's PDF, to draw a caption's figure from; null where there is none to draw from. */
  pdf: PDFDocumentProxy | null;
  sourceId: string;
  item: RelatedParagraph;
  /** Where the paragraph is on its page: See More draws it from there. */
  place: ParagraphPlace;
  /** The student's highlights and notes in the paragraph, when there are any. */
  notes?: ParagraphNotes;
  highlighted: boolean;
  /** Show the relationship's type (in Other Relationships, where the group does not tell it). */
  showType: boolean;
  onJump: (item: RelatedParagraph) => void;
}

/**
 * One related paragraph (docs/product.md §2): its label (a jump to it), its page, a caption's figure as printed, its
 * text cut at 150 characters with See More (the paragraph then drawn as printed, its text kept for screen
 * readers) / See Less, the student's own highlights and notes in it, why it
 * is related, and its explanation on demand.
 */
export function RelatedItem({
  bookId,
  pdf,
  sourceId,
  item,
  place,
  notes,
  highlighted,
  showType,
  onJump,
}: RelatedItemProps) {
  const { figure } = item.node;
  const [expanded, setExpanded] = useState(false);
  const labelOf = useParagraphLabelOf();
  const [summary, pressExplain] = useSummary(bookId, {
    relationship_type: item.relationship_type,
    source_paragraph: sourceId,
    related_paragraph: item.node.id,
  });
  const text = truncateText(item.node.text, expanded);
  // See More shows the paragraph as printed; its text stays for screen readers, search and copying.
  const [printed, setPrinted] = useState(false);
  const showPrinted = expanded && pdf !== null && !figure;
  // A page's last paragraph may run on to the next page, which the band does not show: its text stays.
  const endsOnItsPage = place.yEnd < PAGE_TEXT_BOTTOM;

  return (
    <li className={`related-item${highlighted ? ' related-item--highlighted' : ''}`}>
      <div className="related-item__head">
        <button
          type="button"
          className="related-item__id"
          aria-pressed={highlighted}
          title={highlighted ? 'Remove the highlight' : 'Go to this paragraph'}
          onClick={() => onJump(item)}
        >
          {labelOf(item.node.id)}
        </button>
        <span className="related-item__meta">
          {showType && (
            <span className="related-item__type">{relationshipTypeLabel(item.relationship_type)}</span>
          )}
          <span className="related-item__page">{pageLabel(item.node.page)}</span>
        </span>
      </div>
      {pdf && figure && (
        <PageBand
          pdf={pdf}
          pageNumber={item.node.page}
          top={figure.top}
          bottom={figure.bottom}
          label="Go to the figure"
          onJump={() => onJump(item)}
        />
      )}
      {showPrinted && (
        <PageBand
          pdf={pdf}
          pageNumber={place.page}
          top={place.yStart - PRINTED_MARGIN}
          bottom={place.yEnd}
          label="Go to the paragraph"
          onJump={() => onJump(item)}
          onDrawn={setPrinted}
        />
      )}
      <p className="related-item__text">
        <span className={showPrinted && printed && endsOnItsPage ? 'visually-hidden' : undefined}>
          {text.text}
        </span>
        {text.toggle && (
          <>
            {' '}
            <button
              type="button"
              className="related-item__more"
              aria-expanded={expanded}
              onClick={() => setExpanded((open) => !open)}
            >
              {text.toggle}
            </button>
          </>
        )}
      </p>
      {notes && <OwnNotes notes={notes} />}
      {item.justification && <p className="related-item__why">{item.justification}</p>}
      <button
        type="button"
        className="related-item__explain"
        aria-expanded={summary.status === 'shown'}
        disabled={summary.status === 'generating'}
        onClick={pressExplain}
      >
        <Sparkles size={14} aria-hidden="true" />
        {summaryButtonLabel(summary)}
      </button>
      {summary.status === 'shown' && (
        <div className="related-item__summary">
          <h4 className="related-item__summary-title">{SummaryText.heading}</h4>
          <p>{summary.text}</p>
        </div>
      )}
      {summary.status === 'none' && summary.warning && (
        <p className="related-item__warning" role="alert">
          <TriangleAlert size={14} aria-hidden="true" />
          {summary.warning}
        </p>
      )}
    </li>
  );
}

/** Drawn a little above the paragraph's first line, so its ascenders are not cut. */
const PRINTED_MARGIN = 0.006;

export const OwnNotesText = { label: 'Your highlights and notes' } as const;

/** The words the student highlighted in the paragraph and the first line of each note: their own study guide. */
function OwnNotes({ notes }: { notes: ParagraphNotes }) {
  return (
    <div className="related-item__own" aria-label={OwnNotesText.label} role="group">
      {notes.quotes.map((quote, index) => (
        <mark key={`q${index}`} className="related-item__own-quote">
          {truncateText(quote, false).text}
        </mark>
      ))}
      {notes.notes.map((note, index) => (
        <p key={`n${index}`} className="related-item__own-note">
          {note}
        </p>
      ))}
    </div>
  );
}
