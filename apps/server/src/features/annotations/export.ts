import { isPrintedNumber, type BookDocument } from '@threadbook/book';
import type { Annotation } from '@threadbook/contracts';

/** What an export says of the book: its title as the user sees it, its sections, where its PDF is. */
export interface ExportedBook {
  title: string;
  /** The book's PDF (the Web Annotation target's source). */
  source: string;
  /** Paragraph id -> the heading of its section ("4.8 Glossary", or the title of an unnumbered one). */
  sectionOf: ReadonlyMap<string, string>;
}

/** Paragraph id -> its section's heading, from the book's Book XML. */
export function sectionHeadings(book: BookDocument): Map<string, string> {
  const headings = new Map<string, string>();
  for (const chapter of book.chapters) {
    for (const section of chapter.sections) {
      const title = section.title.trim() || chapter.title.trim();
      const heading = isPrintedNumber(section.id) ? `${section.id} ${title}`.trim() : title;
      for (const paragraph of section.paragraphs) headings.set(paragraph.id, heading || 'Untitled section');
    }
  }
  return headings;
}

const pageOf = (annotation: Annotation) =>
  `p. ${annotation.target.pageLabel ?? String(annotation.target.page)}`;

/**
 * The notes as Markdown: the book's title, its sections as headings in book order, each highlight quoted,
 * its note, and its page label; one no new import could place says so.
 */
export function annotationsMarkdown(book: ExportedBook, annotations: readonly Annotation[]): string {
  const lines = [`# ${book.title}`, ''];
  let heading: string | undefined;
  for (const annotation of annotations) {
    const section =
      (annotation.target.paragraphId && book.sectionOf.get(annotation.target.paragraphId)) ||
      `Page ${annotation.target.pageLabel ?? annotation.target.page}`;
    if (section !== heading) {
      lines.push(`## ${section}`, '');
      heading = section;
    }
    for (const line of annotation.target.quote.exact.trim().split('\n')) lines.push(`> ${line.trim()}`);
    lines.push('');
    if (annotation.note !== null) lines.push(annotation.note, '');
    const unplaced = annotation.placed ? '' : ', could not be placed';
    lines.push(`*${pageOf(annotation)}, ${annotation.colour}${unplaced}*`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * The notes as a W3C Web Annotation collection (JSON-LD, https://www.w3.org/TR/annotation-model/): each
 * highlight an Annotation whose target is the book's PDF with a TextQuoteSelector, a TextPositionSelector
 * and the page (a FragmentSelector of RFC 3778's "page="); its note a TextualBody, its colour a tag.
 */
export function annotationsJsonLd(book: ExportedBook, annotations: readonly Annotation[]): object {
  return {
    '@context': 'http://www.w3.org/ns/anno.jsonld',
    type: 'AnnotationCollection',
    label: book.title,
    total: annotations.length,
    first: {
      type: 'AnnotationPage',
      items: annotations.map((annotation) => ({
        id: `urn:uuid:${annotation.id}`,
        type: 'Annotation',
        motivation: annotation.note === null ? 'highlighting' : 'commenting',
        created: annotation.createdAt,
        modified: annotation.updatedAt,
        body: [
          ...(annotation.note === null
            ? []
            : [{ type: 'TextualBody', value: annotation.note, format: 'text/plain', purpose: 'commenting' }]),
          { type: 'TextualBody', value: annotation.colour, purpose: 'tagging' },
        ],
        target: {
          source: book.source,
          selector: [
            {
              type: 'TextQuoteSelector',
              exact: annotation.target.quote.exact,
              prefix: annotation.target.quote.prefix,
              suffix: annotation.target.quote.suffix,
            },
            {
              type: 'TextPositionSelector',
              start: annotation.target.position.start,
              end: annotation.target.position.end,
            },
            {
              type: 'FragmentSelector',
              conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
              value: `page=${annotation.target.page}`,
            },
          ],
        },
      })),
    },
  };
}
