/**
 * The book's own page labels (a PDF's /PageLabels: roman front matter, a first chapter on page 1 that is
 * the thirteenth sheet), shown in the toolbar as pdf.js's viewer does: the number printed on the page, with
 * the physical page beside the total.
 */
import { parsePageInput } from './zoom.ts';

/**
 * The labels worth showing: one per page, not all empty, and not just the physical numbers again; else
 * null (the toolbar shows physical pages only).
 */
export function usefulPageLabels(
  labels: readonly string[] | null | undefined,
  totalPages: number,
): readonly string[] | null {
  if (!labels || labels.length !== totalPages) return null;
  const trimmed = labels.map((label) => label.trim());
  if (trimmed.every((label, i) => label === '' || label === String(i + 1))) return null;
  return trimmed;
}

/** The label of a physical page; its number where the book gives it no label. */
export function pageLabelOf(labels: readonly string[] | null, page: number): string {
  const label = labels?.[page - 1];
  return label ? label : String(page);
}

/**
 * The physical page typed into the page input: a label of the book (case aside: "xii" or "XII"), else a
 * physical page number from 1 to `totalPages`; null when the input must revert to the current page. A
 * label used twice names its last page: a cover labelled "1" comes before the first page of the text.
 */
export function parsePageLabelInput(
  text: string,
  labels: readonly string[] | null,
  totalPages: number,
): number | null {
  const wanted = text.trim().toLowerCase();
  if (labels && wanted !== '') {
    const at = labels.findLastIndex((label) => label.toLowerCase() === wanted);
    if (at !== -1) return at + 1;
  }
  return parsePageInput(text, totalPages);
}
