export { buildAnchorIndex, type AnchorIndex, type ParagraphAnchor } from './anchor-index.ts';
export { RelatedPanel } from './RelatedPanel.tsx';
export { useAnchorIndex } from './use-anchor-index.ts';
export { usePageOverlays } from './use-page-overlays.tsx';
export { ANCHOR_INTRODUCTION, AnchorIntroduction } from './AnchorIntroduction.tsx';
