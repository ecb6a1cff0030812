export {
  buildAnchorIndex,
  type AnchorIndex,
  type ParagraphAnchor,
  type ParagraphPlace,
} from './anchor-index.ts';
export { PageOverlay } from './PageOverlay.tsx';
export { RelatedPanel } from './RelatedPanel.tsx';
export { useAnchorIndex } from './use-anchor-index.ts';
export { useParagraphSelection } from './use-paragraph-selection.ts';
