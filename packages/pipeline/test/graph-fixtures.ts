import type { GraphParagraph } from '../src/graph/types.ts';

/** A paragraph as the graph's finders see it: "1.1.1" of section 1.1, chapter 1, on page 1 unless told. */
export function graphParagraph(
  fields: Partial<GraphParagraph> & Pick<GraphParagraph, 'text'>,
): GraphParagraph {
  const id = fields.id ?? '1.1.1';
  return {
    id,
    sectionId: id.split('.').slice(0, -1).join('.'),
    chapterId: id.split('.')[0]!,
    order: 0,
    page: 1,
    yStart: 0,
    ...fields,
  };
}
