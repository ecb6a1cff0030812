/** The arrow shown beside the paragraph a related-panel jump landed on. */
export interface JumpIndicator {
  page: number;
  yStart: number;
  /** A jump to the selected paragraph itself, or to one of its related paragraphs. */
  kind: 'source' | 'target';
  fading: boolean;
  /** Changes with every jump, so a repeated jump to the same place starts the arrow afresh. */
  serial: number;
}

/** docs/product.md §4, §9: the jump indicator fades at 2 s and is gone at 2.5 s. */
export const INDICATOR_FADE_MS = 2000;
export const INDICATOR_GONE_MS = 2500;
