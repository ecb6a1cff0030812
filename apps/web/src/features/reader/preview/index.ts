export { PageReferenceSpans } from './PageReferenceSpans.tsx';
export { ReferencePreview } from './ReferencePreview.tsx';
export {
  useReferencePreviews,
  type PreviewJump,
  type PreviewTarget,
  type ReferencePreviews,
} from './use-reference-previews.ts';
export { drawRegion, previewPixelRatio, type Region } from './draw-region.ts';
export { createPageStore, type PageStore } from './page-store.ts';
