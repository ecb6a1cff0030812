import { describe, expect, it } from 'vitest';
import { figureBands, type BookDocument, type BookParagraph } from '../src/index.ts';

/** Prose, unless told: a sentence of words. */
const PROSE = 'The scheme gives a monotone solution that lies above the exact curve in all cases.';

const block = (
  id: string,
  page: number,
  yStart: number,
  kind?: BookParagraph['kind'],
  text = kind === undefined ? PROSE : id,
): BookParagraph => ({
  id,
  page,
  yStart,
  text,
  explicitRefs: [],
  ...(kind === undefined ? {} : { kind }),
});

const bookOf = (paragraphs: BookParagraph[]): BookDocument => ({
  title: 'Test',
  author: '',
  chapters: [{ id: '1', title: 'One', sections: [{ id: '1.1', title: 'One', paragraphs }] }],
});

describe('figureBands', () => {
  it('gives a caption the band of its page between the blocks around it, where its drawing is', () => {
    // A LaTeX figure: text, the drawing, its caption below it, text.
    const bands = figureBands(
      bookOf([block('1.1.1', 3, 0.1), block('1.1.2', 3, 0.55, 'caption'), block('1.1.3', 3, 0.62)]),
    );
    expect(bands.get('1.1.2')).toEqual({ top: 0.1, bottom: 0.62 });
    expect(bands.has('1.1.1')).toBe(false);
  });

  it('keeps to the side of the table a caption labels, to the page edge where no block follows', () => {
    // A table's caption above its rows, at the foot of the page; the next page's text is no bound. The
    // band from the text above would be most of the page: it keeps the table's side.
    const bands = figureBands(
      bookOf([
        block('1.1.1', 4, 0.2),
        block('1.1.2', 4, 0.7, 'caption'),
        block('1.1.3', 4, 0.74, 'table'),
        block('1.1.4', 5, 0.05),
      ]),
    );
    expect(bands.get('1.1.2')).toEqual({ top: 0.7, bottom: 1 });
  });

  it("takes in a drawing's text and a listing's line numbers that came out as blocks", () => {
    // csbu: a DocBook figure below its caption, its labels letter-spaced; decay: tick labels.
    const bands = figureBands(
      bookOf([
        block('1.1.1', 7, 0.09),
        block('1.1.2', 7, 0.168, 'caption'),
        block(
          '1.1.3',
          7,
          0.2,
          undefined,
          'Tot al syst em m em ory Possible locat ions in cache for shaded values',
        ),
        block('1.1.4', 7, 0.31, undefined, '0.00 1 2 3 4 5 t 0.00 1 2 3 4 5 6 t 1.0 Method: theta-rule'),
        block('1.1.5', 7, 0.4, undefined, '1'),
        block('1.1.6', 7, 0.55),
      ]),
    );
    expect(bands.get('1.1.2')).toEqual({ top: 0.09, bottom: 0.55 });
  });

  it('keeps a band over half a page to its larger side, with room for the caption', () => {
    const bands = figureBands(bookOf([block('1.1.1', 2, 0.05), block('1.1.2', 2, 0.8, 'caption')]));
    expect(bands.get('1.1.2')).toEqual({ top: 0.31, bottom: 0.86 });
  });

  it('runs from the top of the page for a figure floated there', () => {
    const bands = figureBands(bookOf([block('1.1.1', 2, 0.4, 'caption'), block('1.1.2', 2, 0.45)]));
    expect(bands.get('1.1.1')).toEqual({ top: 0, bottom: 0.45 });
  });
});
