/** A paragraph's place: its page and its vertical extent as fractions of the page height (0 top). */
export interface ParagraphPlace {
  id: string;
  page: number;
  yStart: number;
  yEnd: number;
}
