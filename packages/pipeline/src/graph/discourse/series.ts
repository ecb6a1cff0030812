// How a paragraph stands among its neighbours: an item of a series (a part, a bullet, an entry) or a
// paragraph of a section of exercises or of a glossary. Read by the definitions and by the types.
import type { GraphParagraph } from '../types.ts';

/** A part of an exercise, an answer or a statement: "(2) A simple counterexample ...", "(b) The dual ...". */
export const PART = /^\((?:\d{1,3}|[a-z]|[ivx]{1,4})\)\s/;
/** A lettered part of an exercise: "(a) Two different trees ...", not a numbered example "(1) a. A passive verb". */
export const LETTERED_PART = /^\([a-z]\)\s/;
/** An entry of a list of terms, its term in lower case before its text: "ambiguity Natural languages are ...". */
export const ENTRY = /^\p{Ll}[\p{L}-]*(?: \p{Ll}[\p{L}-]*){0,2} \p{Lu}\p{Ll}/u;
/** An item of a bulleted list: "• Set associative caches are ...". */
export const BULLET = /^[•◦▪‣∙·–-]\s/;

/** An item of a list a lead-in opens: numbered, bulleted or a part ("1. numbers", "• header", "(b) ..."). */
const isListItem = (text: string) => /^\d{1,2}[.)]\s/.test(text) || BULLET.test(text) || PART.test(text);

/**
 * Whether `item` is one of the list items right after a lead-in ending on a colon, in its section: "A
 * nested number list is a list whose elements are either:" goes on in "1. numbers" and "2. nested number
 * lists", which are its text, not paragraphs that build on it.
 */
export function continuesLeadIn(
  leadIn: GraphParagraph,
  item: GraphParagraph,
  byOrder: (order: number) => GraphParagraph | undefined,
): boolean {
  if (item.order <= leadIn.order || !/:\s*$/.test(leadIn.text)) return false;
  for (let order = leadIn.order + 1; order <= item.order; order++) {
    const between = byOrder(order);
    if (between?.sectionId !== leadIn.sectionId || !isListItem(between.text)) return false;
  }
  return true;
}

/** A section of exercises or problems: "Consider ..." there opens an exercise, not an example. */
const EXERCISES_SECTION = /^(?:(?:additional|chapter|review) )?(?:exercises|problems)\b/i;
/** A section that is a glossary: its entries open with the term they define. */
const GLOSSARY_SECTION = /^glossary\b/i;

/** A section that lists or sums up what the book develops elsewhere: "A list of results", "Sample quiz problems". */
const PREVIEW_SECTION = /\b(?:summary|list of results|overview|quiz)\b/i;

export const inPreview = (paragraph: GraphParagraph) => PREVIEW_SECTION.test(paragraph.sectionTitle ?? '');
export const inExercises = (paragraph: GraphParagraph) =>
  EXERCISES_SECTION.test(paragraph.sectionTitle ?? '');
export const inGlossary = (paragraph: GraphParagraph) => GLOSSARY_SECTION.test(paragraph.sectionTitle ?? '');
