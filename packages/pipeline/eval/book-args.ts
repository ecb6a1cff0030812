/**
 * The books an eval reads, from its arguments: PDFs, each optionally followed by its source folder; without
 * any, every book of the corpus. A PDF of the corpus keeps the corpus's name for it ("aata"), so its figures
 * meet those a baseline holds under that name.
 */
import path from 'node:path';
import { corpusBooks, requireCorpus, type CorpusBook } from './corpus.ts';

/** `args`: the arguments that are not options ("--json") or their values. */
export function bookArgs(args: readonly string[]): CorpusBook[] {
  const books: CorpusBook[] = [];
  for (const arg of args) {
    if (arg.toLowerCase().endsWith('.pdf')) {
      const pdf = path.resolve(arg);
      const name = corpusBooks().find((b) => b.pdf === pdf)?.name ?? path.basename(pdf, path.extname(pdf));
      books.push({ name, pdf });
    } else if (books.length > 0 && books.at(-1)!.source === undefined)
      books.at(-1)!.source = path.resolve(arg);
    else throw new Error(`${arg}: expected a PDF, or a source folder after a PDF`);
  }
  return books.length > 0 ? books : requireCorpus();
}
