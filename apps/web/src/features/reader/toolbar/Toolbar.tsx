import {
  Bookmark,
  BookmarkCheck,
  ChevronLeft,
  ChevronRight,
  History,
  Maximize,
  Minimize,
  PanelLeft,
  PanelRight,
  Redo2,
  Search,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import {
  canClearHistory,
  canRedo,
  canUndo,
  formatZoomPercent,
  pageLabelOf,
  parsePageLabelInput,
  parseZoomInput,
  zoomInByButton,
  zoomOutByButton,
  type ZoomSetting,
} from '../model/index.ts';
import { useReaderDispatch, useReaderState } from '../state/index.ts';
import { CommitInput } from './CommitInput.tsx';
import { PageDisplayMenu, type PageDisplay } from './PageDisplayMenu.tsx';
import { ZoomPresetMenu } from './ZoomPresetMenu.tsx';
import './toolbar.css';

/** A toolbar icon: the buttons' size, hidden from assistive technology (the button has the label). */
const icon = (Icon: LucideIcon) => <Icon size={18} aria-hidden="true" />;

/** The buttons' icons, made once: a page turn renders the page controls, and need not render them again. */
const ICONS = {
  PanelLeft: icon(PanelLeft),
  Undo2: icon(Undo2),
  Redo2: icon(Redo2),
  History: icon(History),
  ChevronLeft: icon(ChevronLeft),
  ChevronRight: icon(ChevronRight),
  BookmarkCheck: icon(BookmarkCheck),
  Bookmark: icon(Bookmark),
  Search: icon(Search),
  Minimize: icon(Minimize),
  Maximize: icon(Maximize),
  PanelRight: icon(PanelRight),
};

export interface ToolbarProps {
  title: string;
  /** Whether a page is bookmarked (asked of the page shown). */
  isBookmarked(page: number): boolean;
  fullscreen: boolean;
  /** Bookmarks the page shown, or removes its bookmark. */
  onToggleBookmark: () => void;
  onToggleFullscreen: () => void;
  /** Find in the book: the button is shown when the reader has it. */
  findOpen?: boolean;
  onToggleFind?: () => void;
  /**
   * How pages are shown (page colours, defined terms underlined), and a change of it: the menu is shown
   * when the reader has it.
   */
  display?: PageDisplay;
  onDisplayChange?: (change: Partial<PageDisplay>) => void;
}

/**
 * The reader's toolbar, items in docs/product.md §2's order, with three additions: the bookmark toggle after the next-page
 * button (docs/design.md decision 4) and the zoom preset menu after the percentage (docs/product.md §9). It shows the
 * reader's state and dispatches what the student asks for: pages from the buttons or the page input (a
 * valid page other than the current one), a zoom from the − and + buttons (steps of 0.25, not below 0.25),
 * the percentage input or a preset, or page fit from the preset menu. The page and zoom inputs take effect
 * on Enter or when they lose focus; a value docs/product.md §5 does not allow puts back the current one (Escape too).
 */
export function Toolbar(props: ToolbarProps) {
  const dispatch = useReaderDispatch();
  const scale = useReaderState((state) => state.scale);
  const zoomSetting = useReaderState((state) => state.zoom);
  const history = useReaderState((state) => state.history);
  const tocOpen = useReaderState((state) => state.panels.left);
  const relatedOpen = useReaderState((state) => state.panels.right);
  const zoomedOut = zoomOutByButton(scale);
  const zoomedIn = zoomInByButton(scale);
  const onZoomChange = (zoom: ZoomSetting) => dispatch({ type: 'zoomSet', zoom });

  return (
    <div className="reader-toolbar" role="toolbar" aria-label="Reader toolbar">
      <ToolButton
        label="Toggle table of contents"
        pressed={tocOpen}
        onClick={() => dispatch({ type: 'togglePanel', side: 'left' })}
      >
        {ICONS.PanelLeft}
      </ToolButton>
      <ToolButton
        label="Undo navigation"
        disabled={!canUndo(history)}
        onClick={() => dispatch({ type: 'undo' })}
      >
        {ICONS.Undo2}
      </ToolButton>
      <ToolButton
        label="Redo navigation"
        disabled={!canRedo(history)}
        onClick={() => dispatch({ type: 'redo' })}
      >
        {ICONS.Redo2}
      </ToolButton>
      {canClearHistory(history) && (
        <ToolButton label="Clear navigation history" onClick={() => dispatch({ type: 'clearHistory' })}>
          {ICONS.History}
        </ToolButton>
      )}

      <h1 className="reader-toolbar__title" title={props.title}>
        {props.title}
      </h1>

      <PageControls isBookmarked={props.isBookmarked} onToggleBookmark={props.onToggleBookmark} />

      <div className="reader-toolbar__group">
        <ToolButton label="Zoom out" disabled={zoomedOut === scale} onClick={() => onZoomChange(zoomedOut)}>
          −
        </ToolButton>
        <CommitInput
          className="reader-toolbar__input reader-toolbar__input--zoom"
          label="Zoom percentage"
          value={formatZoomPercent(scale)}
          parse={parseZoomInput}
          onCommit={(next) => {
            if (next !== scale) onZoomChange(next);
          }}
        />
        <span className="reader-toolbar__unit">%</span>
        <ZoomPresetMenu setting={zoomSetting} onChoose={onZoomChange} />
        <ToolButton label="Zoom in" disabled={zoomedIn === scale} onClick={() => onZoomChange(zoomedIn)}>
          +
        </ToolButton>
      </div>

      {props.onToggleFind && (
        <ToolButton label="Find in book" pressed={props.findOpen} onClick={props.onToggleFind}>
          {ICONS.Search}
        </ToolButton>
      )}
      {props.display && props.onDisplayChange && (
        <PageDisplayMenu display={props.display} onChange={props.onDisplayChange} />
      )}
      <ToolButton label="Toggle fullscreen" pressed={props.fullscreen} onClick={props.onToggleFullscreen}>
        {props.fullscreen ? ICONS.Minimize : ICONS.Maximize}
      </ToolButton>
      <ToolButton
        label="Toggle related panel"
        pressed={relatedOpen}
        onClick={() => dispatch({ type: 'togglePanel', side: 'right' })}
      >
        {ICONS.PanelRight}
      </ToolButton>
    </div>
  );
}

/**
 * The page buttons, the page input and the bookmark toggle: the toolbar's part that follows the page, so
 * that a page turn renders it alone.
 */
function PageControls({
  isBookmarked,
  onToggleBookmark,
}: Pick<ToolbarProps, 'isBookmarked' | 'onToggleBookmark'>) {
  const dispatch = useReaderDispatch();
  const page = useReaderState((state) => state.page);
  const bookmarked = isBookmarked(page);
  const totalPages = useReaderState((state) => state.totalPages);
  const labels = useReaderState((state) => state.pageLabels);
  const onPageChange = (target: number) => dispatch({ type: 'goToPage', page: target });
  return (
    <div className="reader-toolbar__group">
      <ToolButton label="Previous page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {ICONS.ChevronLeft}
      </ToolButton>
      <CommitInput
        className="reader-toolbar__input reader-toolbar__input--page"
        label="Page number"
        value={pageLabelOf(labels, page)}
        parse={(text) => parsePageLabelInput(text, labels, totalPages)}
        onCommit={(next) => {
          if (next !== page) onPageChange(next);
        }}
      />
      {/* With labels, as pdf.js shows them: the printed number in the input, the physical page here. */}
      <span className="reader-toolbar__total">
        {labels ? `(${page} / ${totalPages})` : `/ ${totalPages}`}
      </span>
      <ToolButton label="Next page" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        {ICONS.ChevronRight}
      </ToolButton>
      <ToolButton
        label={bookmarked ? 'Remove bookmark' : 'Bookmark this page'}
        className="reader-toolbar__bookmark"
        pressed={bookmarked}
        onClick={onToggleBookmark}
      >
        {bookmarked ? ICONS.BookmarkCheck : ICONS.Bookmark}
      </ToolButton>
    </div>
  );
}

/** An icon button named by its label (also its tooltip); `pressed` makes it a toggle. */
function ToolButton(props: {
  label: string;
  className?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.className ? `icon-button ${props.className}` : 'icon-button'}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
