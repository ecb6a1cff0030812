import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { usePageLabelOf } from '../state/index.ts';
import { popoverPlace, type PopoverPlace } from './geometry.ts';
import type { OpenPreview, ReferencePreviews } from './use-reference-previews.ts';
import './preview.css';

interface ReferencePreviewProps {
  previews: ReferencePreviews;
  /** The popover's element id (the reference it describes points at it). */
  id: string;
}

/**
 * The one reference preview open, if any: the target's region of its page drawn by pdf.js, with its label
 * and page (the number printed on it, as the toolbar shows it); for a defined term (terms/), the term
 * above and "Defined in" its section below. Clicking (or tapping) it jumps there; it closes on Escape, on a scroll, or shortly after the
 * pointer leaves both it and its reference.
 *
 * Hand-written, unlike the reader's menu and anchor tooltips (Radix). Its references are mostly pdf.js's
 * own link elements, not React's, and one preview serves them all, opened by hover intent, focus or a first
 * tap. Radix's Tooltip and HoverCard need a React trigger per reference, ignore touch, and have no close
 * delay (Tooltip) or copy their content into a hidden role="tooltip" twin (Tooltip: a canvas cannot be
 * copied). Popover takes a virtual anchor, but as a dialog: it moves focus into itself, closes when focus
 * moves to the next reference and gives focus back to a trigger; all of that off, what is left is placing
 * it, which popoverPlace (geometry.ts) does.
 */
export function ReferencePreview({ previews, id }: ReferencePreviewProps) {
  const { open } = previews;
  if (!open) return null;
  const { target } = open;
  return createPortal(
    <PreviewPopover
      key={`${open.key}>${target.page}:${target.yStart}`}
      id={id}
      open={open}
      previews={previews}
    />,
    document.body,
  );
}

function PreviewPopover({
  id,
  open,
  previews,
}: {
  id: string;
  open: OpenPreview;
  previews: ReferencePreviews;
}) {
  const { target, anchor } = open;
  const { intent, draw, drawn } = previews;
  const labelOf = usePageLabelOf();
  const ref = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  // The drawing, put in and placed by in one layout: inserted on its own, it would grow the preview over
  // its reference for a frame, under the pointer, whose leaving it then would close it.
  // Drawn already when the image came while the preview waited to open: shown with it, not a render later.
  const [drawing, setDrawing] = useState<HTMLCanvasElement | null>(() => drawn(target));
  const [place, setPlace] = useState<PopoverPlace | null>(null);
  const [width] = useState(() => previews.width());

  useEffect(() => {
    let current = true;
    draw(target).then(
      (canvas) => {
        if (current) setDrawing(canvas);
      },
      (error: unknown) => console.warn(`the preview of page ${target.page} could not be drawn`, error),
    );
    return () => {
      current = false;
    };
  }, [draw, target]);

  // Placed by its reference, again once its drawing gives it its height.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (drawing) hostRef.current?.replaceChildren(drawing);
    const box = anchor.getBoundingClientRect();
    setPlace(
      popoverPlace(
        box,
        { width: element.offsetWidth, height: element.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
      ),
    );
  }, [anchor, drawing]);

  // Escape closes it; so does a scroll that moves its reference.
  useEffect(() => {
    const start = anchor.getBoundingClientRect();
    const onScroll = () => {
      const now = anchor.getBoundingClientRect();
      if (Math.abs(now.top - start.top) > 2 || Math.abs(now.left - start.left) > 2) intent.close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') intent.close();
    };
    window.addEventListener('scroll', onScroll, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('scroll', onScroll, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [anchor, intent]);

  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className={`reference-preview${place?.above ? ' reference-preview--above' : ''}`}
      data-target={target.paragraphId ?? ''}
      data-page={target.page}
      data-drawn={drawing ? 'true' : undefined}
      style={{
        width,
        left: place?.left ?? 0,
        top: place?.top ?? 0,
        visibility: place ? undefined : 'hidden',
      }}
      onPointerEnter={() => intent.hold()}
      onPointerLeave={() => intent.leave()}
      onClick={() => previews.jumpTo(target)}
    >
      {target.term && <p className="reference-preview__term">{target.term.name}</p>}
      <div ref={hostRef} className="reference-preview__page" />
      <p className="reference-preview__caption">
        {target.term ? (
          <>
            Defined in <span className="reference-preview__label">{target.term.definedIn}</span>
          </>
        ) : (
          <span className="reference-preview__label">{target.label}</span>
        )}{' '}
        · Page {labelOf(target.page)}
      </p>
    </div>
  );
}
