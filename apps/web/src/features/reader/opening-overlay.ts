import type { OpeningImage } from './opening/opening-image.ts';
import { OPENING_OVERLAY_CLASS } from './opening-handoff.ts';
import { openingPageBox, pageViewBox } from './opening-place.ts';

/**
 * The page a reader opened by its address opens at, shown as its image before the app and the reader have
 * been drawn (issue 36: the first page at once): a plain element over the place where the reader will draw
 * that page (opening-place.ts), which the reader removes when it shows the same image there itself, so
 * nothing moves. It is a picture only: no pointer, no reading (the 'Loading book...' status below it says
 * what happens). Its style is the app's (opening-overlay.css, loaded with the app's first style sheet).
 */

/** Gone by then whatever happens (a reader that never came, an error not seen). */
const LONGEST_MS = 20_000;

/** The overlay is the page's: two scripts may run this module (opening-head.ts), and either remove it. */
const shownOverlay = () => document.querySelector(`.${OPENING_OVERLAY_CLASS}`);

/** Whether the reader shows a page of its own already (its image or a drawn page): then no overlay. */
const readerShowsPage = () =>
  document.querySelector('.pdf-page__image, .pdf-page[data-painted="true"]') !== null;

/** Shows `image` where the reader will draw its page, once, unless the reader is there first. */
export function showOpeningOverlay(image: OpeningImage): void {
  if (shownOverlay() || readerShowsPage() || !(image.width > 0 && image.height > 0)) return;
  const view = pageViewBox(window.localStorage, window.innerWidth, window.innerHeight);
  if (!view) return;
  const box = openingPageBox(view, image, image.page, image.pageCount ?? image.page);
  const element = document.createElement('div');
  element.className = OPENING_OVERLAY_CLASS;
  element.setAttribute('aria-hidden', 'true');
  element.dataset.pageNumber = String(image.page);
  Object.assign(element.style, {
    left: `${box.left}px`,
    top: `${box.top}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
  });
  const picture = document.createElement('img');
  picture.className = 'opening-overlay__image';
  picture.alt = '';
  picture.src = image.url;
  element.append(picture);
  // The head script may run before the body is parsed.
  (document.body ?? document.documentElement).append(element);
  setTimeout(() => element.remove(), LONGEST_MS);
}
