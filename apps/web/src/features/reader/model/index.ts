/**
 * The reader's pure model (docs/product.md §2 Reader, §4, §5, §9): navigation history, zoom and input arithmetic, text
 * truncation, relationship grouping, labels and the outline cache. No React and no DOM beyond local storage.
 */
export * from './history.ts';
export * from './zoom.ts';
export * from './truncate.ts';
export * from './grouping.ts';
export * from './labels.ts';
export * from './page-labels.ts';
export * from './outline-cache.ts';
export * from './paragraph-place.ts';
export * from './jump-indicator.ts';
export * from './page-box.ts';
