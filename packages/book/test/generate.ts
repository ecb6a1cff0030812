import { seededRandom } from '@threadbook/test-support';
import { BLOCK_KINDS, type BookDocument, type BookParagraph } from '../src/index.ts';

// Words that exercise escaping: markup characters, quotes, entity look-alikes, non-ASCII, astral characters.
const WORDS = [
  'group',
  'ring',
  'a<b',
  'x>y',
  'R&D',
  '&amp;',
  '"quoted"',
  "it's",
  'Σ',
  'é',
  '𝔽',
  '\u00a0nbsp',
  ']]>',
];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function words(next: () => number, count: number): string {
  return Array.from({ length: count }, () => pick(next, WORDS)).join(' ');
}

/** A valid book as the parser returns them: normalised text, yStart with at most 4 decimals. */
export function generateBook(seed: number, paragraphsPerSection = 3): BookDocument {
  const next = seededRandom(seed);
  const chapters = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, c) => {
    const chapterId = String(c + 1);
    return {
      id: chapterId,
      // Attribute values keep tabs and newlines (written as character references).
      title: `${words(next, 2)}\t${words(next, 1)}\nend`,
      sections: Array.from({ length: Math.floor(next() * 3) }, (_, s) => {
        const sectionId = `${chapterId}.${s + 1}`;
        return {
          id: sectionId,
          title: next() < 0.2 ? '' : words(next, 3),
          paragraphs: Array.from(
            { length: Math.floor(next() * (paragraphsPerSection + 1)) },
            (_, p): BookParagraph => ({
              id: `${sectionId}.${p + 1}`,
              page: 1 + Math.floor(next() * 500),
              yStart: Math.round(next() * 10000) / 10000,
              text: next() < 0.1 ? '' : words(next, 1 + Math.floor(next() * 12)),
              explicitRefs: next() < 0.5 ? [] : [`${chapterId}.1.1`, '9.9.9'],
              // Every seventh block is of a kind other than prose (no extra draw: the sequence stays).
              ...(p % 7 === 3 ? { kind: BLOCK_KINDS[(s + p) % BLOCK_KINDS.length] } : {}),
            }),
          ),
        };
      }),
    };
  });
  return { title: words(next, 3), author: next() < 0.3 ? '' : words(next, 2), chapters };
}

/** Book XML with `count` paragraphs, 50 per section, 10 sections per chapter. */
export function largeBookXml(count: number): string {
  const lines = ['<book title="Large" author="Generator">'];
  for (let i = 0; i < count; i++) {
    const chapter = Math.floor(i / 500) + 1;
    const section = `${chapter}.${Math.floor((i % 500) / 50) + 1}`;
    if (i % 500 === 0) lines.push(`  <chapter id="${chapter}" title="Chapter ${chapter}">`);
    if (i % 50 === 0) lines.push(`    <section id="${section}" title="Section ${section}">`);
    lines.push(
      `      <paragraph id="${section}.${(i % 50) + 1}" page="${Math.floor(i / 5) + 1}" y_start="${((i % 5) / 5).toFixed(2)}" explicit_refs="1.1.1">` +
        `Paragraph ${i} of a long book: we consider a group G and a subgroup H &amp; its cosets, as in Theorem 2.3.</paragraph>`,
    );
    if (i % 50 === 49 || i === count - 1) lines.push('    </section>');
    if (i % 500 === 499 || i === count - 1) lines.push('  </chapter>');
  }
  lines.push('</book>');
  return lines.join('\n');
}
