import { useId, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import type { BookOutlineChapter } from '@threadbook/book';
import { timedActions, usePageLabelOf, useReaderDispatch, useReaderState } from '../state/index.ts';
import { currentOutlineEntry } from './current-entry.ts';
import './toc.css';

/** A table-of-contents jump: the page, and the entry's title for the navigation history's label. */
export interface TocJump {
  pageNumber: number;
  label: string;
}

interface TocPanelProps {
  outline: readonly BookOutlineChapter[];
}

/**
 * docs/product.md §2 Reader, table of contents: chapters with an expand/collapse button when they have sections, the
 * entry for the current page highlighted (its chapter while the section is folded away), entries without a
 * page disabled, a click on an entry makes a recorded jump (docs/product.md §4). The chapter being read starts expanded.
 */
export function TocPanel({ outline }: TocPanelProps) {
  const titleId = useId();
  // The entry read, not the page: a page turn within a section renders nothing here.
  const readChapter = useReaderState((state) => currentOutlineEntry(outline, state.page)?.chapter ?? null);
  const readSection = useReaderState((state) => currentOutlineEntry(outline, state.page)?.section ?? null);
  const dispatch = useReaderDispatch();
  const onNavigate = ({ pageNumber, label }: TocJump) =>
    dispatch(timedActions.jump({ pageNumber, source: 'toc', label }));
  const current = readChapter === null ? null : { chapter: readChapter, section: readSection };
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() =>
    current === null ? new Set() : new Set([current.chapter]),
  );

  function toggle(chapter: number) {
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(chapter)) next.add(chapter);
      return next;
    });
  }

  return (
    <nav className="toc" aria-labelledby={titleId}>
      <h2 className="toc__title" id={titleId}>
        Table of Contents
      </h2>
      <ul className="toc__list">
        {outline.map((chapter, chapterIndex) => {
          const isOpen = expanded.has(chapterIndex);
          const inChapter = current?.chapter === chapterIndex;
          const chapterCurrent = inChapter && (current.section === null || !isOpen);
          return (
            // Positions, not ids: a lenient outline may repeat ids.
            <li key={chapterIndex} className="toc__chapter">
              <div className="toc__row">
                {chapter.children.length > 0 ? (
                  <button
                    type="button"
                    className="toc__expand"
                    aria-expanded={isOpen}
                    aria-label={`Sections of ${chapter.title}`}
                    onClick={() => toggle(chapterIndex)}
                  >
                    <ChevronRight size={16} aria-hidden="true" />
                  </button>
                ) : (
                  <span className="toc__expand-spacer" />
                )}
                <TocEntry
                  title={chapter.title}
                  pageNumber={chapter.pageNumber}
                  current={chapterCurrent}
                  onNavigate={onNavigate}
                />
              </div>
              {isOpen && chapter.children.length > 0 && (
                <ul className="toc__sections">
                  {chapter.children.map((section, sectionIndex) => (
                    <li key={sectionIndex}>
                      <TocEntry
                        title={section.title}
                        pageNumber={section.pageNumber}
                        current={inChapter && current.section === sectionIndex}
                        onNavigate={onNavigate}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

interface TocEntryProps {
  title: string;
  pageNumber: number | null;
  current: boolean;
  onNavigate: (jump: TocJump) => void;
}

function TocEntry({ title, pageNumber, current, onNavigate }: TocEntryProps) {
  const labelOf = usePageLabelOf();
  return (
    <button
      type="button"
      className={current ? 'toc__entry toc__entry--current' : 'toc__entry'}
      aria-current={current ? 'location' : undefined}
      data-page-number={pageNumber ?? undefined}
      disabled={pageNumber === null}
      onClick={() => {
        if (pageNumber !== null) onNavigate({ pageNumber, label: title });
      }}
    >
      <span className="toc__entry-title">{title}</span>
      {pageNumber !== null && <span className="toc__entry-page">{labelOf(pageNumber)}</span>}
    </button>
  );
}
