/** Lines to blocks: the headings and paragraphs of a book in reading order (build-blocks.ts). */
export { buildBlocks } from './build-blocks.ts';
export type { PageFlow } from './line-kinds.ts';
export { isItemNumber, isNextLabel } from './openings.ts';
