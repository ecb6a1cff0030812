/**
 * The pipeline's public entry: PDF -> Book XML data -> the paragraph relationship graph.
 * Used by the import command and the server's import jobs.
 */
export {
  extractBook,
  ExtractError,
  type ExtractOptions,
  type ExtractedBook,
} from './extract/extract-book.ts';
export { createPagesProgress } from './extract/progress.ts';
export { openPageRenderer, type OpeningPages, type PageRaster, type PageRenderer } from './page-image.ts';
export { onSideThread } from './side-thread.ts';
export { MIN_PAGES_FOR_WORKER, withCompileCache } from './threads.ts';
export { inspectPdf, type PdfFacts } from './inspect.ts';
export type { BookGraph, EvidenceKind, GraphEdge, ReferenceSpan, TermSpan } from './graph/types.ts';
export { explainRelationship } from './graph/explain.ts';
export { preloadWordCounts } from './graph/english.ts';
export {
  buildGraph,
  withExplicitRefs,
  type BuildGraphOptions,
  type GraphStage,
} from './graph/build-graph.ts';
export { EmbeddingsError, type EmbeddingsEndpoint } from './graph/semantic/index.ts';
