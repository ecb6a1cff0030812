/** A paragraph's place: its page and its vertical extent as fractions of the page height (0 top). */
export interface ParagraphPlace {
  id: string;
  page: number;
  yStart: number;
  yEnd: number;
}

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
