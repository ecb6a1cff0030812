import { useEffect, useMemo, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PREPARE_PAGE_IMAGES_MAX, type PageReference } from '@threadbook/contracts';
import { paragraphLabel } from '../model/index.ts';
import { useParagraphLabelOf, useReaderStore } from '../state/index.ts';
import {
  ReaderLinkService,
  resolveDestination,
  type LinkAnnotation,
  type LinkTarget,
  type PageLinks,
} from '../links/index.ts';
import { fetchPageReferences, preparePageImages } from './api.ts';
import { drawnRegion, drawRegion, previewImageWidth, previewPixelRatio } from './draw-region.ts';
import { fractionRectOf, matchSpan, previewRegion } from './geometry.ts';
import { isPlainHover } from '../../../lib/plain-hover.ts';
import { createHoverIntent, type HoverIntent } from './hover-intent.ts';
import { createPageStore, type PageStore } from './page-store.ts';

/** The pointer rests this long on a reference before its preview opens (its drawing starts at once). */
export const PREVIEW_OPEN_MS = 100;
/** The preview stays this long after the pointer leaves, so it can move into it. */
export const PREVIEW_CLOSE_MS = 250;
/** A preview's width in CSS pixels, at most (less in a narrow window). */
export const PREVIEW_WIDTH = 440;
/**
 * A page the student stays on this long has the pages its references lead to drawn ahead on the server:
 * their previews then come as images at once, where pdf.js would fetch a far page of a big book first. A
 * student turning pages asks for nothing.
 */
export const PREPARE_AFTER_MS = 400;

/** What a preview shows and a jump reaches. */
export interface PreviewTarget {
  /** The target paragraph; null for a link the server has no span for (its destination only). */
  paragraphId: string | null;
  page: number;
  /** Fraction of the page from its top. */
  yStart: number;
  /** The words naming it ("Theorem 4.10"), else the paragraph's label, else 'Page N'. */
  label: string;
  /** A defined term's card: the term, and the section its definition is in ("Section 3.2"). */
  term?: { name: string; definedIn: string };
}

export interface OpenPreview {
  /** Which reference it is for (one preview at a time). */
  key: string;
  /** The reference's element, the preview is placed by. */
  anchor: Element;
  target: PreviewTarget;
}

/** A recorded jump, as the reader makes it. */
export interface PreviewJump {
  pageNumber: number;
  label: string;
  yStart?: number;
}

export interface ReferencePreviews {
  pdf: PDFDocumentProxy;
  store: PageStore<PageReference>;
  /** The preview open, if any. */
  open: OpenPreview | null;
  /** For the pages: their links lead through the reader, and their previews are bound. */
  pageLinks: PageLinks;
  intent: HoverIntent<OpenPreview>;
  /** The pointer or focus reached a reference: its drawing starts now, its preview after the delay. */
  pointAt(preview: OpenPreview): void;
  /** It left a reference. */
  leave(): void;
  /** A first tap on a touch screen: the preview now. */
  showNow(preview: OpenPreview): void;
  /** The recorded jump to a preview's target; the preview closes. */
  jumpTo(target: PreviewTarget): void;
  /** The width previews are drawn at. */
  width(): number;
  /** The part of its page a preview of `target` shows, drawn (kept: drawn once). */
  draw(target: PreviewTarget): Promise<HTMLCanvasElement>;
  /** That part if it is drawn already (the pointer rested on its reference while the preview waited). */
  drawn(target: PreviewTarget): HTMLCanvasElement | null;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The target of a reference span as the preview shows it; `labelOf` names a paragraph (state/use-labels.ts). */
export function spanTarget(span: PageReference, labelOf: (id: string) => string): PreviewTarget {
  return {
    paragraphId: span.target,
    page: span.target_page,
    yStart: clamp01(span.target_y_start),
    label: span.text.trim() || labelOf(span.target),
  };
}

function linkTarget(target: LinkTarget): PreviewTarget {
  return {
    paragraphId: null,
    page: target.pageNumber,
    yStart: target.yFraction ?? 0,
    label: `Page ${target.pageNumber}`,
  };
}

/**
 * Links and reference previews of the reader (issue 15): pdf.js links that jump through the reader's
 * recorded jump, the page's reference spans (asked for when a page is drawn), and one preview at a time
 * opened by hover, focus or a first tap.
 */
export function useReferencePreviews(
  pdf: PDFDocumentProxy,
  bookId: number,
  jump: (to: PreviewJump) => void,
): ReferencePreviews {
  const [open, setOpen] = useState<OpenPreview | null>(null);
  const labelOf = useParagraphLabelOf();

  const controller = useMemo(() => createController(pdf, bookId, setOpen), [pdf, bookId]);
  // The controller lives as long as the book; it calls the reader's latest jump and names paragraphs as
  // the reader does now (titles come with the outline).
  useEffect(() => controller.setJump(jump), [controller, jump]);
  useEffect(() => controller.setLabelOf(labelOf), [controller, labelOf]);

  useEffect(() => () => controller.intent.dispose(), [controller]);

  // The page the student rests on: its references' targets are drawn ahead (followed outside React, so a
  // page turn renders nothing here).
  const store = useReaderStore();
  useEffect(() => {
    let page = 0;
    let timer = 0;
    const follow = () => {
      const now = store.getState().page;
      if (now === page) return;
      page = now;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void controller.prepareTargetsOf(now), PREPARE_AFTER_MS);
    };
    follow();
    const stop = store.subscribe(follow);
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, [store, controller]);

  return useMemo(() => ({ ...controller, open }), [controller, open]);
}

type Controller = Omit<ReferencePreviews, 'open'> & {
  setJump(jump: (to: PreviewJump) => void): void;
  setLabelOf(labelOf: (id: string) => string): void;
  /** Has the server draw the pages the references of page `page` lead to, at the previews' width. */
  prepareTargetsOf(page: number): Promise<void>;
};

/** The previews' parts for one book, made once per book (the hook keeps the open one). */
function createController(
  pdf: PDFDocumentProxy,
  bookId: number,
  onChange: (open: OpenPreview | null) => void,
): Controller {
  let follow: (to: PreviewJump) => void = () => undefined;
  let labelOf = (id: string) => paragraphLabel(id, null);
  const store = createPageStore(
    (page) => fetchPageReferences(bookId, page),
    // The pages the references lead to are loaded ahead, so a preview only has to draw.
    (_page, spans) => {
      for (const target of new Set(spans.map((span) => span.target_page))) {
        if (target <= pdf.numPages) void pdf.getPage(target).catch(() => undefined);
      }
    },
    'references',
  );
  const intent = createHoverIntent<OpenPreview>({
    openDelay: PREVIEW_OPEN_MS,
    closeDelay: PREVIEW_CLOSE_MS,
    onChange,
  });
  const width = () => Math.min(PREVIEW_WIDTH, Math.max(200, window.innerWidth - 16));
  const regionOf = (target: PreviewTarget) => ({ pageNumber: target.page, ...previewRegion(target.yStart) });
  const draw = (target: PreviewTarget) =>
    drawRegion({ pdf, bookId }, regionOf(target), width(), previewPixelRatio(window.devicePixelRatio));
  const drawn = (target: PreviewTarget) =>
    drawnRegion(pdf, regionOf(target), width(), previewPixelRatio(window.devicePixelRatio));
  const prepare = (target: PreviewTarget) => void draw(target).catch(() => undefined);
  const prepareTargetsOf = async (page: number) => {
    const targets = new Set((await store.load(page)).map((span) => span.target_page));
    targets.delete(page);
    const pages = [...targets].filter((target) => target <= pdf.numPages).slice(0, PREPARE_PAGE_IMAGES_MAX);
    if (pages.length === 0) return;
    const imageWidth = previewImageWidth(width(), previewPixelRatio(window.devicePixelRatio));
    await preparePageImages(bookId, { pages, width: imageWidth });
  };
  const jumpTo = (target: PreviewTarget) => {
    intent.close();
    follow({ pageNumber: target.page, label: target.label, yStart: target.yStart });
  };
  // A pointer that left before an asynchronous target was known must not open it late.
  let serial = 0;
  const pointAt = (preview: OpenPreview) => {
    serial += 1;
    prepare(preview.target);
    intent.enter(preview);
  };
  const leave = () => {
    serial += 1;
    intent.leave();
  };
  const showNow = (preview: OpenPreview) => {
    serial += 1;
    prepare(preview.target);
    intent.show(preview);
  };

  // The link last clicked, so its jump is named after its reference.
  let clicked: { target: PreviewTarget | null } | null = null;
  const linkService = new ReaderLinkService(pdf, (to) => {
    const named = clicked?.target;
    clicked = null;
    intent.close();
    const sameTarget = named && named.page === to.pageNumber;
    follow({
      pageNumber: to.pageNumber,
      label: sameTarget ? named.label : `Page ${to.pageNumber}`,
      yStart: to.yFraction ?? (sameTarget ? named.yStart : undefined),
    });
  });

  const bindLayer = (
    pageNumber: number,
    layer: HTMLDivElement,
    annotations: ReadonlyMap<string, LinkAnnotation>,
  ) => {
    let pointerType = '';
    const internalLink = (node: EventTarget | null) => {
      const link = node instanceof Element ? node.closest('a') : null;
      const section = link?.parentElement;
      if (!link || !section?.hasAttribute('data-internal-link') || !layer.contains(link)) return null;
      return { link, id: section.getAttribute('data-annotation-id') ?? '' };
    };
    /** The link's preview: its span's target, else (asynchronously) its own destination. */
    const previewOf = (link: Element, id: string): OpenPreview | Promise<OpenPreview | null> => {
      const key = `link:${pageNumber}:${id}`;
      const page = layer.closest('.pdf-page') ?? layer;
      const span = matchSpan(
        store.get(pageNumber),
        fractionRectOf(link.getBoundingClientRect(), page.getBoundingClientRect()),
      );
      if (span) return { key, anchor: link, target: spanTarget(span, labelOf) };
      const dest = annotations.get(id)?.dest;
      return resolveDestination(pdf, dest).then(
        (target) => (target ? { key, anchor: link, target: linkTarget(target) } : null),
        () => null,
      );
    };
    const point = (link: Element, id: string, now: boolean) => {
      const preview = previewOf(link, id);
      if (!(preview instanceof Promise)) return now ? showNow(preview) : pointAt(preview);
      const mine = ++serial;
      void preview.then((resolved) => {
        if (!resolved || mine !== serial) return;
        if (now) showNow(resolved);
        else pointAt(resolved);
      });
    };
    const onPointerOver = (event: PointerEvent) => {
      if (!isPlainHover(event)) return;
      const found = internalLink(event.target);
      if (!found || found.link.contains(event.relatedTarget as Node | null)) return;
      point(found.link, found.id, false);
    };
    const onPointerOut = (event: PointerEvent) => {
      const found = internalLink(event.target);
      if (!found || found.link.contains(event.relatedTarget as Node | null)) return;
      leave();
    };
    const onFocusIn = (event: FocusEvent) => {
      const found = internalLink(event.target);
      if (found) point(found.link, found.id, false);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (internalLink(event.target)) leave();
    };
    const onPointerDown = (event: PointerEvent) => {
      pointerType = event.pointerType;
    };
    const onClick = (event: MouseEvent) => {
      const found = internalLink(event.target);
      if (!found) return;
      const key = `link:${pageNumber}:${found.id}`;
      // A first tap shows the preview; a tap on the preview (or a second one here) jumps.
      if (pointerType === 'touch' && intent.current()?.key !== key) {
        pointerType = '';
        event.preventDefault();
        event.stopPropagation();
        point(found.link, found.id, true);
        return;
      }
      pointerType = '';
      const preview = previewOf(found.link, found.id);
      clicked = { target: preview instanceof Promise ? null : preview.target };
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && intent.current()) intent.close();
    };
    // An internal link without words of its own (its words are the canvas's) is named after where it goes.
    let bound = true;
    for (const section of layer.querySelectorAll('section[data-internal-link]')) {
      const link = section.querySelector(':scope > a');
      if (!link || link.getAttribute('title') || link.getAttribute('aria-label')) continue;
      const dest = annotations.get(section.getAttribute('data-annotation-id') ?? '')?.dest;
      void resolveDestination(pdf, dest).then(
        (target) => {
          if (bound) link.setAttribute('aria-label', target ? `Go to page ${target.pageNumber}` : 'Link');
        },
        () => undefined,
      );
    }
    layer.addEventListener('pointerover', onPointerOver);
    layer.addEventListener('pointerout', onPointerOut);
    layer.addEventListener('focusin', onFocusIn);
    layer.addEventListener('focusout', onFocusOut);
    layer.addEventListener('pointerdown', onPointerDown, true);
    layer.addEventListener('click', onClick, true);
    layer.addEventListener('keydown', onKeyDown);
    return () => {
      bound = false;
      layer.removeEventListener('pointerover', onPointerOver);
      layer.removeEventListener('pointerout', onPointerOut);
      layer.removeEventListener('focusin', onFocusIn);
      layer.removeEventListener('focusout', onFocusOut);
      layer.removeEventListener('pointerdown', onPointerDown, true);
      layer.removeEventListener('click', onClick, true);
      layer.removeEventListener('keydown', onKeyDown);
      const shown = intent.current();
      if (shown && layer.contains(shown.anchor)) intent.close();
    };
  };

  return {
    pdf,
    store,
    intent,
    pageLinks: { linkService, bindLayer },
    pointAt,
    leave,
    showNow,
    jumpTo,
    width,
    draw,
    drawn,
    prepareTargetsOf,
    setJump(jump) {
      follow = jump;
    },
    setLabelOf(named) {
      labelOf = named;
    },
  };
}
