import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PlacedParagraph } from '@threadbook/contracts';
import { drawRegion, previewPixelRatio } from '../preview/index.ts';

/** The width a figure is drawn at when its place has none yet (a panel not laid out). */
const FALLBACK_WIDTH = 280;
/** A band this thin is drawn this tall at least, so a caption set close under its figure still shows. */
const MIN_BAND = 0.04;

interface FigureBandProps {
  pdf: PDFDocumentProxy;
  /** A caption, with its figure band. */
  node: PlacedParagraph & { figure: NonNullable<PlacedParagraph['figure']> };
  onJump: () => void;
}

/**
 * A caption's figure or table as the book prints it: its band of the page drawn by pdf.js across the
 * panel's width, like a reference preview. Clicking it jumps there; the caption's text stays below it for
 * screen readers, search and copying.
 */
export function FigureBand({ pdf, node, onJump }: FigureBandProps) {
  const hostRef = useRef<HTMLButtonElement>(null);
  const [drawn, setDrawn] = useState(false);
  const { top, bottom } = node.figure;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let current = true;
    const height = Math.min(1 - Math.max(0, top), Math.max(MIN_BAND, bottom - top));
    drawRegion(
      pdf,
      { pageNumber: node.page, top: Math.max(0, top), height },
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
      },
      (error: unknown) => console.warn(`the figure on page ${node.page} could not be drawn`, error),
    );
    return () => {
      current = false;
    };
  }, [pdf, node.page, top, bottom]);

  return (
    <button
      ref={hostRef}
      type="button"
      className="related-item__figure"
      aria-label="Go to the figure"
      data-drawn={drawn ? 'true' : undefined}
      onClick={onJump}
    />
  );
}
