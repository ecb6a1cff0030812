/**
 * A random draw of a book's hand-typed references: those the import reads from the text alone ("see
 * Sec. 1.7.3", "Exercise 1") that no link of the PDF shows, so the links cannot judge them. Each comes with
 * the two paragraphs' texts and the words that refer, for a blind reader who checks it against the book's
 * source; the seed is printed, so a draw can be read again.
 *
 *   npm run sample:unlinked -- book.pdf [more.pdf ...]     # without a PDF: every book of ../shared/books
 *   --seed N    the draw's seed (default: a fresh one, printed)
 *   --count N   references per book (default 30)
 */
import fs from 'node:fs';
import { paragraphLabel } from '@threadbook/book';
import { extractBook } from '../../src/extract/extract-book.ts';
import { resolveExplicitReferences } from '../../src/graph/refs/resolve.ts';
import { bookArgs, numberOption } from '../book-args.ts';
import { drawSample } from '../edge-sample.ts';
import { judgedByLinks, readLinkTruth } from '../references.ts';

async function main() {
  const args = process.argv.slice(2);
  const seed = numberOption(args, '--seed', Math.floor(Math.random() * 1_000_000));
  const count = numberOption(args, '--count', 30);
  for (const book of bookArgs(args.filter((a) => !a.startsWith('--')))) {
    const pdf = new Uint8Array(fs.readFileSync(book.pdf));
    const { book: extracted } = await extractBook(pdf.slice());
    const { paragraphs, pairs } = await readLinkTruth(extracted, pdf);
    const judged = judgedByLinks(pairs);
    const unlinked = resolveExplicitReferences(paragraphs).filter((r) => r.via === 'text' && !judged(r));
    if (unlinked.length === 0) throw new Error(`${book.name}: no reference without a link to draw from`);
    const byId = new Map(paragraphs.map((p) => [p.id, p]));
    const drawn = drawSample(unlinked, count, seed, (r) => [r.sourceId, r.targetId]);
    console.log(
      `# ${book.name}: ${drawn.length} of ${unlinked.length} references no link shows, seed ${seed}`,
    );
    console.log(`Source: ${book.source ?? 'none'}\n`);
    drawn.forEach((ref, i) => {
      const source = byId.get(ref.sourceId)!;
      const target = byId.get(ref.targetId)!;
      console.log(`## ${i + 1}. "${ref.phrase}" (page ${source.page} -> page ${target.page})`);
      console.log(`A (${paragraphLabel(source.id, source.sectionTitle)}): ${source.text}`);
      console.log(`B (${paragraphLabel(target.id, target.sectionTitle)}): ${target.text}\n`);
    });
  }
}

await main();
