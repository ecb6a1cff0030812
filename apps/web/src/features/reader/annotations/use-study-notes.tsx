import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { stripBookPrefix } from '@threadbook/book';
import type { Annotation, AnnotationRequest, HighlightColour } from '@threadbook/contracts';
import type { ParagraphPlace } from '../model/index.ts';
import { pageOfSelection, targetOfRange } from './anchor.ts';
import { downloadAnnotations, type ExportFormat } from './api.ts';
import { HighlightLayer } from './HighlightLayer.tsx';
import { NoteEditor } from './NoteEditor.tsx';
import { NotesList } from './NotesList.tsx';
import { firstLine } from './order.ts';
import { SelectionToolbar } from './SelectionToolbar.tsx';
import { UndoNotice } from './UndoNotice.tsx';
import { AnnotationMessage, useAnnotations } from './use-annotations.ts';
import './annotations.css';

/** What the Related panel shows of the student's own highlights in a paragraph. */
export interface ParagraphNotes {
  /** The highlighted words, in the paragraph's order. */
  quotes: string[];
  /** The first line of each note. */
  notes: string[];
}

interface StudyNotesOptions {
  bookId: number;
  /** The paragraph of the book's graph at a height of a page, when the graph is loaded. */
  paragraphAt(page: number, y: number): ParagraphPlace | undefined;
  /** The page's label as the book prints it. */
  pageLabelOf(page: number): string;
  /** A recorded jump to a highlight's words. */
  jump(annotation: Annotation): void;
}

export interface StudyNotes {
  /** The highlights drawn on page `pageNumber` (for PdfView's overlays); null for a page without any. */
  renderPage(pageNumber: number): ReactNode;
  /** The selection toolbar, the open note and the undo notice. */
  floating: ReactNode;
  /** The sidebar's Notes tab. */
  tab: ReactNode;
  count: number;
  /** H: highlights the selection in the last colour chosen. */
  highlightSelection(): void;
  /** The student's highlights and notes in a paragraph of the graph; undefined when there are none. */
  notesOn(paragraphId: string): ParagraphNotes | undefined;
  /** Every highlight of the book, in book order (find searches them). */
  all: readonly Annotation[];
}

interface Editing {
  id: string;
  at: { x: number; y: number };
  focusNote: boolean;
}

/**
 * Highlights and notes in the reader (issue 34): drawn on the pages, made from a selection (its toolbar or
 * H), edited in a small dialog (with undo of a deletion), listed in the Notes tab, and read by the Related
 * panel for the paragraphs they are in.
 */
export function useStudyNotes({ bookId, paragraphAt, pageLabelOf, jump }: StudyNotesOptions): StudyNotes {
  const notes = useAnnotations(bookId);
  const { annotations } = notes;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [keyColour, setKeyColour] = useState<HighlightColour>('yellow');
  const [removed, setRemoved] = useState<Annotation | null>(null);
  const [exportFailed, setExportFailed] = useState(false);

  const onPage = useMemo(() => {
    const pages = new Map<number, Annotation[]>();
    for (const annotation of annotations) {
      if (!annotation.placed) continue;
      const list = pages.get(annotation.target.page) ?? [];
      list.push(annotation);
      pages.set(annotation.target.page, list);
    }
    return pages;
  }, [annotations]);

  const inParagraph = useMemo(() => {
    const paragraphs = new Map<string, ParagraphNotes>();
    for (const annotation of annotations) {
      if (!annotation.placed || !annotation.target.paragraphId) continue;
      // The graph's ids may carry the book's prefix ("12:3.2.1"); a highlight's may not.
      const id = stripBookPrefix(annotation.target.paragraphId);
      const entry = paragraphs.get(id) ?? { quotes: [], notes: [] };
      entry.quotes.push(annotation.target.quote.exact);
      const line = firstLine(annotation.note);
      if (line) entry.notes.push(line);
      paragraphs.set(id, entry);
    }
    return paragraphs;
  }, [annotations]);

  const highlight = async (colour: HighlightColour, withNote: boolean) => {
    const selected = pageOfSelection(window.getSelection());
    const words = selected && targetOfRange(selected.range, selected.page);
    if (!words) return;
    const boxes = [...selected.range.getClientRects()];
    const last = boxes.at(-1);
    window.getSelection()?.removeAllRanges();
    setKeyColour(colour);
    const first = words.target.rects[0]!;
    const request: AnnotationRequest = {
      colour,
      target: {
        ...words.target,
        pageLabel: pageLabelOf(words.page),
        paragraphId: paragraphAt(words.page, (first.top + first.bottom) / 2)?.id ?? null,
      },
    };
    const saved = await notes.create(request);
    if (saved && withNote) {
      setEditing({ id: saved.id, at: { x: last?.right ?? 0, y: last?.bottom ?? 0 }, focusNote: true });
    }
  };

  const open = useCallback(
    (annotation: Annotation, at: { x: number; y: number }) =>
      setEditing({ id: annotation.id, at, focusNote: false }),
    [],
  );
  const edited = editing && annotations.find((annotation) => annotation.id === editing.id);
  const closeUndo = useCallback(() => setRemoved(null), []);

  const renderPage = (pageNumber: number) => {
    const list = onPage.get(pageNumber);
    return list ? <HighlightLayer annotations={list} activeId={edited?.id ?? null} onOpen={open} /> : null;
  };

  const floating = (
    <>
      <SelectionToolbar
        keyColour={keyColour}
        onHighlight={(colour) => void highlight(colour, false)}
        onAddNote={() => void highlight(keyColour, true)}
      />
      {edited && editing && (
        <NoteEditor
          key={edited.id}
          annotation={edited}
          at={editing.at}
          focusNote={editing.focusNote}
          onChange={(patch) => notes.update(edited.id, patch)}
          onRemove={() => {
            setEditing(null);
            void notes.remove(edited.id).then((gone) => gone && setRemoved(gone));
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {removed && (
        <UndoNotice
          key={removed.id}
          onDone={closeUndo}
          onUndo={() => {
            setRemoved(null);
            const { colour, note, target } = removed;
            void notes.create({ colour, note, target });
          }}
        />
      )}
    </>
  );

  const tab = (
    <NotesList
      annotations={annotations}
      status={notes.status}
      error={notes.error ?? (exportFailed ? AnnotationMessage.exportFailed : null)}
      onJump={jump}
      onEdit={open}
      onExport={(format: ExportFormat) => {
        setExportFailed(false);
        downloadAnnotations(bookId, format).catch((failure: unknown) => {
          console.warn('the notes could not be exported', failure);
          setExportFailed(true);
        });
      }}
    />
  );

  return {
    renderPage,
    floating,
    tab,
    count: annotations.length,
    highlightSelection: () => void highlight(keyColour, false),
    notesOn: (paragraphId) => inParagraph.get(stripBookPrefix(paragraphId)),
    all: annotations,
  };
}
