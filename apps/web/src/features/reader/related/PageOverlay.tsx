import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import * as HoverCard from '@radix-ui/react-hover-card';
import { ArrowRight, Link2 } from 'lucide-react';
import { isPlainHover } from '../../../lib/plain-hover.ts';
import {
  paragraphLabel,
  percent,
  relationshipsAvailableText,
  relationshipTypeLabel,
  sectionLabel,
  type JumpIndicator,
  type ParagraphPlace,
  type SectionTitles,
} from '../model/index.ts';
import type { ParagraphAnchor } from './anchor-index.ts';
import './overlay.css';

/** docs/product.md §2: horizontal places, as fractions of the page width. */
export const OVERLAY_X = { anchor: 0.08, selectedMarker: 0.01, jumpIndicator: 0.02 } as const;
/** docs/product.md §9: the tooltip hides this long after the pointer leaves. */
export const TOOLTIP_HIDE_MS = 100;

interface PageOverlayProps {
  /** The anchors of this page: given only for the current page (docs/product.md §2). */
  anchors: readonly ParagraphAnchor[];
  selected: ParagraphPlace | null;
  highlight: ParagraphPlace | null;
  indicator: JumpIndicator | null;
  onSelect: (anchor: ParagraphAnchor) => void;
  /** What names the sections the book gives no number (model/labels.ts); null until the outline is read. */
  sectionTitles: SectionTitles | null;
  /** Until the student has seen the introduction (AnchorIntroduction), the anchors pulse. */
  introducing?: boolean;
}

/**
 * What the reader draws over one page: the paragraph anchors with their tooltips, the selected paragraph's
 * marker, the highlight of the paragraph a jump landed on, and the jump arrow. Placed in fractions of the
 * page, so zoom needs nothing of it.
 */
export function PageOverlay(props: PageOverlayProps) {
  const { anchors, selected, highlight, indicator, onSelect, sectionTitles, introducing } = props;
  return (
    <div className={introducing ? 'page-overlay page-overlay--introducing' : 'page-overlay'}>
      {highlight && (
        <div
          className="paragraph-highlight"
          data-paragraph-id={highlight.id}
          style={{ top: percent(highlight.yStart), height: percent(highlight.yEnd - highlight.yStart) }}
        />
      )}
      {selected && (
        <div
          className="paragraph-marker"
          data-paragraph-id={selected.id}
          style={{
            left: percent(OVERLAY_X.selectedMarker),
            top: percent(selected.yStart),
            height: percent(selected.yEnd - selected.yStart),
          }}
        />
      )}
      {indicator && (
        <div
          key={indicator.serial}
          className={`jump-indicator${indicator.fading ? ' jump-indicator--fading' : ''}`}
          data-kind={indicator.kind}
          style={{ left: percent(OVERLAY_X.jumpIndicator), top: percent(indicator.yStart) }}
          aria-hidden="true"
        >
          <ArrowRight size={18} strokeWidth={2.5} />
        </div>
      )}
      {anchors.map((anchor) => (
        <Anchor
          key={anchor.id}
          anchor={anchor}
          selected={selected?.id === anchor.id}
          onSelect={onSelect}
          sectionTitles={sectionTitles}
        />
      ))}
    </div>
  );
}

function Anchor({
  anchor,
  selected,
  onSelect,
  sectionTitles,
}: {
  anchor: ParagraphAnchor;
  selected: boolean;
  onSelect: (anchor: ParagraphAnchor) => void;
  sectionTitles: SectionTitles | null;
}) {
  const tooltipId = useId();
  const [open, setOpen] = useState(false);
  // Radix's hover card times the hiding: TOOLTIP_HIDE_MS after the pointer or focus leaves the button and
  // the tooltip, unless it comes back; Escape or a click elsewhere closes it. Kept here: it opens at once,
  // stays open while the tooltip itself has focus (a keyboard scrolls a long list there), and after a
  // click on the button stays closed until the pointer or focus leaves the button.
  const tooltipFocused = useRef(false);
  const closedByClick = useRef(false);
  const hideTimer = useRef(0);
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);
  const change = (next: boolean) => {
    if (next ? closedByClick.current : tooltipFocused.current) return;
    window.clearTimeout(hideTimer.current);
    setOpen(next);
  };
  const show = () => change(true);
  const rearm = () => {
    closedByClick.current = false;
  };
  const label = paragraphLabel(anchor.id, sectionTitles);
  // In the lower half of the page the tooltip opens upwards, so it stays on the page.
  const above = anchor.yStart > 0.5;

  return (
    <div
      className={open ? 'paragraph-anchor paragraph-anchor--open' : 'paragraph-anchor'}
      style={{ left: percent(OVERLAY_X.anchor), top: percent(anchor.yStart) } as CSSProperties}
    >
      <HoverCard.Root open={open} onOpenChange={change} openDelay={0} closeDelay={TOOLTIP_HIDE_MS}>
        <HoverCard.Trigger asChild>
          <button
            type="button"
            className={`paragraph-anchor__button${selected ? ' paragraph-anchor__button--selected' : ''}`}
            aria-label={`Relationships of ${label}`}
            aria-describedby={open ? tooltipId : undefined}
            aria-pressed={selected}
            data-paragraph-id={anchor.id}
            // Shown at once, not a macrotask later (Radix opens through a timer even at no delay). Not during
            // a drag that selects words (into the margin, where the anchors are): Radix's own opening is
            // called off with the event's default.
            onPointerEnter={(event) => {
              if (isPlainHover(event)) show();
              else event.preventDefault();
            }}
            onPointerLeave={rearm}
            onFocus={show}
            onBlur={rearm}
            onClick={() => {
              change(false);
              closedByClick.current = true;
              onSelect(anchor);
            }}
          >
            <Link2 size={12} strokeWidth={2.5} aria-hidden="true" />
          </button>
        </HoverCard.Trigger>
        {/* In the page, not a portal: it scrolls and zooms with the page, and Tab reaches it after its anchor. */}
        <HoverCard.Content
          id={tooltipId}
          role="tooltip"
          // A long list of relationships scrolls: the tooltip takes focus so a keyboard can scroll it too,
          // and stays open while it has it.
          tabIndex={0}
          className={`anchor-tooltip anchor-tooltip--${above ? 'above' : 'below'}`}
          side={above ? 'top' : 'bottom'}
          align="start"
          sideOffset={6}
          avoidCollisions={false}
          onPointerEnter={show}
          onFocus={() => {
            tooltipFocused.current = true;
            show();
          }}
          onBlur={() => {
            tooltipFocused.current = false;
            window.clearTimeout(hideTimer.current);
            hideTimer.current = window.setTimeout(() => setOpen(false), TOOLTIP_HIDE_MS);
          }}
          onEscapeKeyDown={() => {
            tooltipFocused.current = false;
          }}
        >
          <p className="anchor-tooltip__label">{label}</p>
          <p className="anchor-tooltip__count">{relationshipsAvailableText(anchor.relationships.length)}</p>
          <ul className="anchor-tooltip__list">
            {anchor.relationships.map((relationship) => (
              <li key={`${relationship.targetId}:${relationship.type}`} className="anchor-tooltip__item">
                <span className="anchor-tooltip__type">{relationshipTypeLabel(relationship.type)}</span>{' '}
                <span className="anchor-tooltip__section">
                  {sectionLabel(relationship.targetSection, sectionTitles)}
                </span>
                <span className="anchor-tooltip__why">{relationship.justification}</span>
              </li>
            ))}
          </ul>
          <p className="anchor-tooltip__hint">Click to see more</p>
        </HoverCard.Content>
      </HoverCard.Root>
    </div>
  );
}
