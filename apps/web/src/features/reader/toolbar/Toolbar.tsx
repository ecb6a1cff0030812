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
} from 'lucide-react';
import type { ReactNode } from 'react';
import {
  formatZoomPercent,
  parsePageInput,
  parseZoomInput,
  zoomInByButton,
  zoomOutByButton,
  type ZoomSetting,
} from '../model/index.ts';
import { CommitInput } from './CommitInput.tsx';
import { ZoomPresetMenu } from './ZoomPresetMenu.tsx';
import './toolbar.css';

export interface ToolbarProps {
  title: string;
  /** The page shown, 1..totalPages. */
  page: number;
  totalPages: number;
  /** The scale the pages are drawn at (page fit already resolved to its number). */
  scale: number;
  /** The zoom chosen: page fit or a scale; the preset menu checks its item. */
  zoomSetting: ZoomSetting;
  /** Whether the page shown is bookmarked. */
  bookmarked: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** The clear-history button is shown only when there is history to clear. */
  canClearHistory: boolean;
  tocOpen: boolean;
  relatedOpen: boolean;
  fullscreen: boolean;
  onToggleToc: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onClearHistory: () => void;
  /** A valid page other than the current one, from the buttons or the page input. */
  onPageChange: (page: number) => void;
  /**
   * A new zoom: a scale from the − and + buttons (steps of 0.25, not below 0.25), the percentage input or
   * a preset, or page fit from the preset menu.
   */
  onZoomChange: (zoom: ZoomSetting) => void;
  /** Bookmarks the page shown, or removes its bookmark. */
  onToggleBookmark: () => void;
  onToggleFullscreen: () => void;
  onToggleRelated: () => void;
  /** Find in the book: the button is shown when the reader has it. */
  findOpen?: boolean;
  onToggleFind?: () => void;
}

/**
 * The reader's toolbar, items in SPEC §2's order, with two additions: the bookmark toggle after the next-page
 * button (DESIGN.md decision 4) and the zoom preset menu after the percentage (SPEC §9). Controlled: it shows
 * what it is given and reports what the student asks for. The page and zoom inputs take effect on Enter or
 * when they lose focus; a value SPEC §5 does not allow puts back the current one (Escape too).
 */
export function Toolbar(props: ToolbarProps) {
  const { page, totalPages, scale, onPageChange, onZoomChange } = props;
  const zoomedOut = zoomOutByButton(scale);
  const zoomedIn = zoomInByButton(scale);

  return (
    <div className="reader-toolbar" role="toolbar" aria-label="Reader toolbar">
      <ToolButton label="Toggle table of contents" pressed={props.tocOpen} onClick={props.onToggleToc}>
        <PanelLeft size={18} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Undo navigation" disabled={!props.canUndo} onClick={props.onUndo}>
        <Undo2 size={18} aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Redo navigation" disabled={!props.canRedo} onClick={props.onRedo}>
        <Redo2 size={18} aria-hidden="true" />
      </ToolButton>
      {props.canClearHistory && (
        <ToolButton label="Clear navigation history" onClick={props.onClearHistory}>
          <History size={18} aria-hidden="true" />
        </ToolButton>
      )}

      <h1 className="reader-toolbar__title" title={props.title}>
        {props.title}
      </h1>

      <div className="reader-toolbar__group">
        <ToolButton label="Previous page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft size={18} aria-hidden="true" />
        </ToolButton>
        <CommitInput
          className="reader-toolbar__input reader-toolbar__input--page"
          label="Page number"
          value={String(page)}
          parse={(text) => parsePageInput(text, totalPages)}
          onCommit={(next) => {
            if (next !== page) onPageChange(next);
          }}
        />
        <span className="reader-toolbar__total">/ {totalPages}</span>
        <ToolButton label="Next page" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          <ChevronRight size={18} aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label={props.bookmarked ? 'Remove bookmark' : 'Bookmark this page'}
          className="reader-toolbar__bookmark"
          pressed={props.bookmarked}
          onClick={props.onToggleBookmark}
        >
          {props.bookmarked ? (
            <BookmarkCheck size={18} aria-hidden="true" />
          ) : (
            <Bookmark size={18} aria-hidden="true" />
          )}
        </ToolButton>
      </div>

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
        <ZoomPresetMenu setting={props.zoomSetting} onChoose={onZoomChange} />
        <ToolButton label="Zoom in" disabled={zoomedIn === scale} onClick={() => onZoomChange(zoomedIn)}>
          +
        </ToolButton>
      </div>

      {props.onToggleFind && (
        <ToolButton label="Find in book" pressed={props.findOpen} onClick={props.onToggleFind}>
          <Search size={18} aria-hidden="true" />
        </ToolButton>
      )}
      <ToolButton label="Toggle fullscreen" pressed={props.fullscreen} onClick={props.onToggleFullscreen}>
        {props.fullscreen ? (
          <Minimize size={18} aria-hidden="true" />
        ) : (
          <Maximize size={18} aria-hidden="true" />
        )}
      </ToolButton>
      <ToolButton label="Toggle related panel" pressed={props.relatedOpen} onClick={props.onToggleRelated}>
        <PanelRight size={18} aria-hidden="true" />
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
