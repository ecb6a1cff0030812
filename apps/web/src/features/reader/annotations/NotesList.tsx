import { useState } from 'react';
import { Download, Pencil } from 'lucide-react';
import { HIGHLIGHT_COLOURS, type Annotation, type HighlightColour } from '@threadbook/contracts';
import { truncateText } from '../model/index.ts';
import { SidebarSection } from '../panels/index.ts';
import { usePageLabelOf } from '../state/index.ts';
import type { ExportFormat } from './api.ts';
import { firstLine } from './order.ts';
import type { AnnotationsStatus } from './use-annotations.ts';

export const NotesListText = {
  title: 'Notes',
  loading: 'Loading notes...',
  empty: 'No highlights yet. Select words on a page to highlight them or add a note.',
  none: 'No highlights of this colour.',
  filter: 'Show colour',
  all: 'All',
  unplaced: 'Could not be placed',
  unplacedNote: 'The book was imported again and these words are no longer where they were.',
  edit: 'Edit',
  exportMarkdown: 'Export Markdown',
  exportJsonLd: 'Export JSON-LD',
  page: (label: string) => `p. ${label}`,
} as const;

export interface NotesListProps {
  /** In book order. */
  annotations: readonly Annotation[];
  status: AnnotationsStatus;
  error: string | null;
  onJump(annotation: Annotation): void;
  onEdit(annotation: Annotation, at: { x: number; y: number }): void;
  onExport(format: ExportFormat): void;
}

/**
 * The sidebar's Notes tab (issue 34): the student's highlights and notes in book order, with page label and
 * colour, each a jump to its words (recorded like any jump); a colour filter; the highlights a new import
 * could not place, kept apart; and the exports.
 */
export function NotesList({ annotations, status, error, onJump, onEdit, onExport }: NotesListProps) {
  const [shown, setShown] = useState<HighlightColour | null>(null);
  const labelOf = usePageLabelOf();
  const chosen = annotations.filter((annotation) => shown === null || annotation.colour === shown);
  const placed = chosen.filter((annotation) => annotation.placed);
  const unplaced = chosen.filter((annotation) => !annotation.placed);

  const item = (annotation: Annotation) => {
    const note = firstLine(annotation.note);
    return (
      <li key={annotation.id} className="notes__item sidebar-section__item">
        <button
          type="button"
          className={`sidebar-section__entry notes__entry notes__entry--${annotation.colour}`}
          onClick={() => onJump(annotation)}
        >
          {/* Spaces between the parts: the entry's name reads as words, not run together. */}
          <span className="notes__page">{NotesListText.page(labelOf(annotation.target.page))}</span>{' '}
          <span className="notes__quote">{truncateText(annotation.target.quote.exact, false).text}</span>{' '}
          {note && <span className="notes__note">{note}</span>}
        </button>
        <button
          type="button"
          className="notes__edit"
          aria-label={`${NotesListText.edit}: ${truncateText(annotation.target.quote.exact, false).text}`}
          title={NotesListText.edit}
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            onEdit(annotation, { x: box.right, y: box.top });
          }}
        >
          <Pencil size={14} aria-hidden="true" />
        </button>
      </li>
    );
  };

  return (
    <SidebarSection
      title={NotesListText.title}
      error={error}
      status={status}
      loading={NotesListText.loading}
      empty={NotesListText.empty}
      filled={annotations.length > 0}
    >
      <>
        <div className="notes__filter" role="group" aria-label={NotesListText.filter}>
          <button type="button" aria-pressed={shown === null} onClick={() => setShown(null)}>
            {NotesListText.all}
          </button>
          {HIGHLIGHT_COLOURS.map((colour) => (
            <button
              key={colour}
              type="button"
              className={`study-swatch study-swatch--${colour}`}
              aria-label={colour}
              title={colour}
              aria-pressed={shown === colour}
              onClick={() => setShown(shown === colour ? null : colour)}
            />
          ))}
        </div>
        {placed.length === 0 && unplaced.length === 0 && (
          <p className="sidebar-section__message">{NotesListText.none}</p>
        )}
        <ul className="sidebar-section__list">{placed.map(item)}</ul>
        {unplaced.length > 0 && (
          <>
            <h3 className="notes__subtitle">{NotesListText.unplaced}</h3>
            <p className="sidebar-section__message">{NotesListText.unplacedNote}</p>
            <ul className="sidebar-section__list">{unplaced.map(item)}</ul>
          </>
        )}
        <div className="notes__exports">
          <button type="button" onClick={() => onExport('md')}>
            <Download size={14} aria-hidden="true" />
            {NotesListText.exportMarkdown}
          </button>
          <button type="button" onClick={() => onExport('jsonld')}>
            <Download size={14} aria-hidden="true" />
            {NotesListText.exportJsonLd}
          </button>
        </div>
      </>
    </SidebarSection>
  );
}
