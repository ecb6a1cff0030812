/**
 * Where each reference sits on its page (docs/design.md "Reference spans"), for the reader's previews on
 * hover: a PDF link's own rectangle, and for a reference the text gives without a link ("by Lemma 3"), the
 * rectangle of its words found again on the page. Each span points at the paragraph the reference resolved
 * to, so a link and the graph agree on where it goes.
 */
import { linkEnds, PARAGRAPHS_ABOVE_HEADING, type PdfLink } from './links.ts';
import { findWords, regionsOf, type BookPages } from './page-words.ts';
import type { ExplicitReference, GraphParagraph, ReferenceSpan } from './types.ts';

/** Every reference span of the book, by page and then down the page. */
export async function findReferenceSpans(
  pages: BookPages,
  paragraphs: GraphParagraph[],
  links: PdfLink[],
  references: readonly ExplicitReference[],
): Promise<ReferenceSpan[]> {
  const spans = linkSpans(links, paragraphs, references);
  const typed = references.filter((r) => r.via === 'text' && wordsOf(r) !== '');
  if (typed.length > 0) spans.push(...(await textSpans(pages, paragraphs, typed)));
  return spans.sort((a, b) => a.page - b.page || a.rect.y - b.rect.y || a.rect.x - b.rect.x);
}

/**
 * The spans of the PDF's links. A link goes where the reference read from its paragraph goes when they
 * disagree only on the paragraph the destination is set at: one a little after it (a destination set above
 * a heading) or an item of the section whose number carries the link ("Lemma 2 of Sec. 1.7.3").
 */
function linkSpans(
  links: PdfLink[],
  paragraphs: GraphParagraph[],
  references: readonly ExplicitReference[],
): ReferenceSpan[] {
  const bySource = new Map<string, ExplicitReference[]>();
  for (const r of references) bySource.set(r.sourceId, [...(bySource.get(r.sourceId) ?? []), r]);
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  return linkEnds(links, paragraphs).map(({ link, source, target }) => {
    const fromSource = bySource.get(source.id) ?? [];
    const reference =
      fromSource.find((r) => r.targetId === target.id) ??
      fromSource.find((r) => r.via !== 'text' && isJustBelow(byId.get(r.targetId), target)) ??
      fromSource.find((r) => r.via !== 'text' && r.section !== undefined && r.section === target.sectionId);
    const { left, top, right, bottom } = link.rect;
    return {
      page: link.page,
      rect: { x: left, y: top, w: right - left, h: bottom - top },
      text: reference ? wordsOf(reference) : '',
      sourceId: source.id,
      targetId: reference?.targetId ?? target.id,
      evidence: 'link',
    };
  });
}

/** Whether a paragraph is a little below a link's landing: the heading the destination was set over leads to it. */
function isJustBelow(paragraph: GraphParagraph | undefined, landing: GraphParagraph): boolean {
  return (
    paragraph !== undefined &&
    paragraph.order > landing.order &&
    paragraph.order <= landing.order + PARAGRAPHS_ABOVE_HEADING
  );
}

/** Words that lead into a reference without naming its target ("see", "by", "as in"). */
const LEAD_IN = /^(?:(?:see|by|in|from|of|and|as|using|also|cf\.)\s+)+/i;

/**
 * The words that name what a reference points at: its phrase without the words leading into it, from the
 * first capital, digit or bracket ("Theorem 4.1" of "by Theorem 4.1"); empty when it has none.
 */
function wordsOf(reference: ExplicitReference): string {
  const phrase = reference.phrase.trim().replace(LEAD_IN, '');
  const named = /[\p{Lu}\d([]/u.exec(phrase);
  return named ? phrase.slice(named.index).trim() : '';
}

/** The references typed without a link, found again on the pages of their paragraphs. */
async function textSpans(
  pages: BookPages,
  paragraphs: GraphParagraph[],
  references: ExplicitReference[],
): Promise<ReferenceSpan[]> {
  const byId = new Map(paragraphs.map((p) => [p.id, p]));
  const next = new Map(paragraphs.map((p, i) => [p.id, paragraphs[i + 1]]));
  const spans: ReferenceSpan[] = [];
  for (const reference of references) {
    const source = byId.get(reference.sourceId);
    if (source === undefined) continue;
    const words = wordsOf(reference);
    for (const region of regionsOf(source, next.get(source.id))) {
      const page = await pages.get(region.page);
      const found = page && findWords(page, { words, paragraph: source.text }, region);
      if (!found) continue;
      for (const rect of found.rects) {
        spans.push({
          page: region.page,
          rect,
          text: words,
          sourceId: source.id,
          targetId: reference.targetId,
          evidence: 'text',
        });
      }
      break;
    }
  }
  return spans;
}
