import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { PageReference } from '@threadbook/contracts';
import { isPlainHover } from '../../../lib/plain-hover.ts';
import { useParagraphLabelOf } from '../state/index.ts';
import { spanTarget, type ReferencePreviews } from './use-reference-previews.ts';
import './preview.css';
import { pageBoxStyle } from '../model/index.ts';

interface PageReferenceSpansProps {
  pageNumber: number;
  previews: ReferencePreviews;
  /** The open preview's element id, for the reference it describes. */
  previewId: string;
}

/**
 * The references of one page found in its text without a link: invisible buttons over their words, so
 * pointer, keyboard and touch reach their previews (a linked reference has pdf.js's link instead).
 * Mounting asks for the page's spans: a page is drawn, its references are on their way.
 */
export function PageReferenceSpans({ pageNumber, previews, previewId }: PageReferenceSpansProps) {
  const { store } = previews;
  const spans = useSyncExternalStore(store.subscribe, () => store.get(pageNumber));
  useEffect(() => {
    void store.load(pageNumber);
  }, [store, pageNumber]);
  const unlinked = spans.filter((span) => span.evidence === 'text');
  if (unlinked.length === 0) return null;
  return (
    <div className="reference-spans">
      {unlinked.map((span, index) => (
        <ReferenceSpan
          key={`${index}:${span.target}`}
          spanKey={`text:${pageNumber}:${index}`}
          span={span}
          previews={previews}
          previewId={previewId}
        />
      ))}
    </div>
  );
}

function ReferenceSpan({
  spanKey,
  span,
  previews,
  previewId,
}: {
  spanKey: string;
  span: PageReference;
  previews: ReferencePreviews;
  previewId: string;
}) {
  const pointerType = useRef('');
  const labelOf = useParagraphLabelOf();
  const target = spanTarget(span, labelOf);
  const open = previews.open?.key === spanKey;
  const preview = (anchor: Element) => ({ key: spanKey, anchor, target });
  return (
    <button
      type="button"
      className="reference-span"
      aria-label={`Preview: ${target.label}`}
      aria-describedby={open ? previewId : undefined}
      data-target={span.target}
      style={pageBoxStyle(span.rect)}
      onPointerDown={(event) => {
        pointerType.current = event.pointerType;
      }}
      onPointerEnter={(event) => {
        if (isPlainHover(event)) previews.pointAt(preview(event.currentTarget));
      }}
      onPointerLeave={() => previews.leave()}
      onFocus={(event) => previews.pointAt(preview(event.currentTarget))}
      onBlur={() => previews.leave()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') previews.intent.close();
      }}
      onClick={(event) => {
        const touch = pointerType.current === 'touch';
        pointerType.current = '';
        // A first tap shows the preview; a second tap (or one on the preview) jumps.
        if (touch && !open) previews.showNow(preview(event.currentTarget));
        else previews.jumpTo(target);
      }}
    />
  );
}
