/**
 * The evaluation corpus: every book folder under ../shared/books (test-support's `corpus`) (a PDF, and the markup it was built from
 * when the folder has it), found by looking, not listed by hand, so a book added there is measured by every
 * eval and bench. Also reads a book's ground truth from its source, whatever the markup.
 */
import fs from 'node:fs';
import path from 'node:path';
import { corpus } from '@threadbook/test-support';
import { readLatexTruth } from './latex.ts';
import { readPretextTruth } from './pretext.ts';
import { TruthError, type TruthBook } from './types.ts';

export interface CorpusBook {
  /** The folder's name ("aata"). */
  name: string;
  pdf: string;
  /** The folder holding the book's main source file (PreTeXt, LaTeX or Sweave), when there is one. */
  source?: string;
}

/** Where a source's main file may sit below a book folder: itself or up to two folders down. */
function sourceFolder(bookDir: string): string | undefined {
  const queue: { dir: string; depth: number }[] = [{ dir: bookDir, depth: 0 }];
  while (queue.length > 0) {
    const { dir, depth } = queue.shift()!;
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && isMainFile(path.join(dir, e.name)))) return dir;
    if (depth < 2)
      for (const e of entries)
        if (e.isDirectory() && !e.name.startsWith('.'))
          queue.push({ dir: path.join(dir, e.name), depth: depth + 1 });
  }
  return undefined;
}

function isMainFile(file: string): boolean {
  if (!/\.(?:tex|Rnw|xml)$/.test(file)) return false;
  const head = fs.readFileSync(file, 'utf8');
  if (file.endsWith('.xml')) return /<(?:pretext|mathbook)[\s>]/.test(head) && /<book[\s>]/.test(head);
  return /\\documentclass/.test(head) && /\\chapter\b|\\include\b|\\input\b/.test(head);
}

/** Every book of the corpus, by folder name; an empty list when ../shared/books is not there. */
export function corpusBooks(dir = corpus.dir): CorpusBook[] {
  if (!fs.existsSync(dir)) return [];
  const books: CorpusBook[] = [];
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(dir, entry.name);
    const pdfs = fs.readdirSync(folder).filter((f) => f.toLowerCase().endsWith('.pdf'));
    if (pdfs.length === 0) continue;
    if (pdfs.length > 1)
      throw new Error(`${folder}: more than one PDF (${pdfs.join(', ')}); keep one per book folder`);
    books.push({ name: entry.name, pdf: path.join(folder, pdfs[0]!), source: sourceFolder(folder) });
  }
  return books;
}

/** The corpus, or stops with a clear error when there is none (an eval over no book measures nothing). */
export function requireCorpus(): CorpusBook[] {
  const books = corpusBooks();
  if (books.length === 0) throw new Error(`no books under ${corpus.dir}: give PDFs as arguments`);
  return books;
}

/** The ground truth in `source`: PreTeXt when a file there holds <book>, else LaTeX or Sweave. */
export function readTruth(source: string): TruthBook {
  if (!fs.existsSync(source)) throw new TruthError(`${source}: no such source folder`);
  const isPretext = fs
    .readdirSync(source)
    .some((f) => f.endsWith('.xml') && /<book[\s>]/.test(fs.readFileSync(path.join(source, f), 'utf8')));
  const truth = isPretext ? readPretextTruth(source) : readLatexTruth(source);
  const paragraphs = truth.chapters.reduce(
    (n, c) => n + c.sections.reduce((m, s) => m + s.paragraphs.length, 0),
    0,
  );
  if (paragraphs === 0) throw new TruthError(`${source}: the source holds no paragraphs to score against`);
  return truth;
}
