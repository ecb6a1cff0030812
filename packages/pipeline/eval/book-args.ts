/**
 * The books an eval reads, from its arguments: PDFs, each optionally followed by its source folder; without
 * any, every book of the corpus. A PDF of the corpus keeps the corpus's name for it ("aata") and its source
 * folder, so its figures meet those a baseline holds under that name.
 */
import path from 'node:path';
import { corpusBooks, requireCorpus, type CorpusBook } from './corpus.ts';

/** `args`: the arguments that are not options ("--json") or their values. */
export function bookArgs(args: readonly string[]): CorpusBook[] {
  const books: CorpusBook[] = [];
  // The books whose source folder the arguments gave.
  const given = new Set<CorpusBook>();
  for (const arg of args) {
    if (arg.toLowerCase().endsWith('.pdf')) {
      const pdf = path.resolve(arg);
      const known = corpusBooks().find((b) => b.pdf === pdf);
      books.push(known ? { ...known } : { name: path.basename(pdf, path.extname(pdf)), pdf });
    } else if (books.length > 0 && !given.has(books.at(-1)!)) {
      books.at(-1)!.source = path.resolve(arg);
      given.add(books.at(-1)!);
    } else throw new Error(`${arg}: expected a PDF, or a source folder after a PDF`);
  }
  return books.length > 0 ? books : requireCorpus();
}

/** A whole-number option ("--seed 14"), taken out of `args`; `fallback` without it. */
export function numberOption(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} takes a whole number`);
  args.splice(at, 2);
  return value;
}
