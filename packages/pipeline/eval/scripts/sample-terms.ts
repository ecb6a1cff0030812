/**
 * A random draw of a book's term cards (the defined terms the reader underlines and explains on hover):
 * each with the paragraph that uses the term and the paragraph the card says defines it, for a blind
 * reader who judges whether that definition is the one the page means. The seed is printed, so a draw can
 * be read again; the book's figures (cards, pages with one, underlines per page) come first.
 *
 *   npm run sample:terms -- book.pdf [more.pdf ...]     # without a PDF: every book of ../shared/books
 *   --seed N    the draw's seed (default: a fresh one, printed)
 *   --count N   cards per book (default 20)
 */
import fs from 'node:fs';
import { paragraphLabel } from '@threadbook/book';
import { extractBook } from '../../src/extract/extract-book.ts';
import { buildGraph } from '../../src/graph/build-graph.ts';
import { graphParagraphs } from '../../src/graph/paragraphs.ts';
import type { TermSpan } from '../../src/graph/types.ts';
import { bookArgs, numberOption } from '../book-args.ts';
import { drawSample } from '../edge-sample.ts';

async function main() {
  const args = process.argv.slice(2);
  const seed = numberOption(args, '--seed', Math.floor(Math.random() * 1_000_000));
  const count = numberOption(args, '--count', 20);
  for (const book of bookArgs(args.filter((a) => !a.startsWith('--')))) {
    const pdf = new Uint8Array(fs.readFileSync(book.pdf));
    const { book: extracted, pages: read } = await extractBook(pdf.slice());
    const started = performance.now();
    const graph = await buildGraph(extracted, { pdf, pages: read });
    const seconds = (performance.now() - started) / 1000;
    // A use that runs over a line break has a box per line: one card.
    const cards = [...new Map(graph.terms.map((s) => [`${s.sourceId}\u0000${s.term}`, s])).values()];
    if (cards.length === 0) throw new Error(`${book.name}: no term card to draw from`);
    const pages = new Set(graph.terms.map((s) => s.page));
    const byId = new Map(graphParagraphs(extracted).map((p) => [p.id, p]));
    console.log(
      `# ${book.name}: ${cards.length} term cards on ${pages.size} pages ` +
        `(${(cards.length / pages.size).toFixed(1)} a page), ${new Set(cards.map((c) => c.term)).size} terms; ` +
        `graph ${seconds.toFixed(1)} s; ${Math.min(count, cards.length)} drawn, seed ${seed}`,
    );
    console.log(`Source: ${book.source ?? 'none'}\n`);
    const drawn = drawSample(cards, count, seed, (s: TermSpan) => [s.sourceId, s.definitionId]);
    drawn.forEach((card, i) => {
      const user = byId.get(card.sourceId)!;
      const definition = byId.get(card.definitionId)!;
      console.log(`## ${i + 1}. "${card.term}" (page ${card.page} -> page ${definition.page})`);
      console.log(`A (${paragraphLabel(user.id, user.sectionTitle)}): ${user.text}`);
      console.log(`B (${paragraphLabel(definition.id, definition.sectionTitle)}): ${definition.text}\n`);
    });
  }
}

await main();
