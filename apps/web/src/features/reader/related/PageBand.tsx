import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { drawRegion, previewPixelRatio, type Region } from '../preview/index.ts';

/** The width a band is drawn at when its place has none yet (a panel not laid out). */
const FALLBACK_WIDTH = 280;
/** A band this thin is drawn this tall at least, so a caption set close under its figure still shows. */
const MIN_BAND = 0.04;

interface PageBandProps {
  pdf: PDFDocumentProxy;
  /** The band of the page: its top and bottom as fractions of the page height. */
  pageNumber: number;
  top: number;
  bottom: number;
  /** What a click on it does, for people who cannot see it ("Go to the figure"). */
  label: string;
  onJump: () => void;
  /** Told once the band is drawn (false until then, and when it cannot be drawn). */
  onDrawn?: (drawn: boolean) => void;
}

/**
 * A band of a page as the book prints it, drawn by pdf.js across the panel's width like a reference
 * preview: a caption's figure or table, or a paragraph shown with See More (fonts whose characters the
 * extracted text lost, fractions and symbols look as printed). Clicking it jumps there.
 */
export function PageBand({ pdf, pageNumber, top, bottom, label, onJump, onDrawn }: PageBandProps) {
  const hostRef = useRef<HTMLButtonElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let current = true;
    const region: Region = {
      pageNumber,
      top: Math.max(0, top),
      height: Math.min(1 - Math.max(0, top), Math.max(MIN_BAND, bottom - top)),
    };
    drawRegion(
      { pdf },
      region,
      host.clientWidth || FALLBACK_WIDTH,
      previewPixelRatio(window.devicePixelRatio),
    ).then(
      (kept) => {
        if (!current) return;
        // The drawing is kept for the next preview of the same region: the panel shows a copy of it.
        const canvas = document.createElement('canvas');
        canvas.width = kept.width;
        canvas.height = kept.height;
        canvas.style.width = '100%';
        canvas.getContext('2d')?.drawImage(kept, 0, 0);
        host.replaceChildren(canvas);
        setDrawn(true);
        onDrawn?.(true);
      },
      (error: unknown) => console.warn(`page ${pageNumber} could not be drawn in the panel`, error),
    );
    return () => {
      current = false;
    };
  }, [pdf, pageNumber, top, bottom, onDrawn]);

  return (
    <button
      ref={hostRef}
      type="button"
      className="related-item__band"
      aria-label={label}
      data-drawn={drawn ? 'true' : undefined}
      onClick={onJump}
    />
  );
}
