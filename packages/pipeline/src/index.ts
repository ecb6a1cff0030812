/**
 * The pipeline's public entry: PDF -> Book XML data (and, with the graph work, the relationship graph).
 * Used by the import command and the server's import jobs.
 */
export {
  extractBook,
  ExtractError,
  type ExtractOptions,
  type ExtractedBook,
} from './extract/extract-book.ts';
export { createPagesProgress } from './extract/progress.ts';
export { renderCover } from './cover.ts';
export { inspectPdf, type PdfFacts } from './inspect.ts';
