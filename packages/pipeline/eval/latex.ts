import fs from 'node:fs';
import path from 'node:path';
import { readBibliography, type BibEntry } from './bibtex.ts';
import { citesAuthorYear, renderCitations } from './citations.ts';
import { renderTrees } from './qtree.ts';
import {
  collapseSpace,
  matchBrace,
  normalizeText,
  parseTexMacros,
  stripTexComments,
  texToText,
  type TexMacro,
} from './text.ts';
import { TruthError, type TruthBook, type TruthChapter, type TruthSection } from './types.ts';

/*
 * LaTeX ground truth. Decisions (checked against dmoi's PDF):
 * - \input/\include are expanded recursively (a file with its own \begin{document} contributes its body),
 *   except files under exercises/, homework/ or solutions/ (exercise sets and answers are not study
 *   paragraphs) and files that do not exist.
 * - The main matter runs from \mainmatter (else \begin{document}) to \backmatter (else \end{document}).
 *   \chapter is numbered from 1, or from n+1 after \setcounter{chapter}{n}; after \appendix chapters are
 *   lettered A, B, ... \chapter* and \part are not numbered chapters (their text is skipped up to the next
 *   numbered chapter). A chapter with no prose paragraph at all (such as a "Solutions" appendix whose
 *   content is generated) is left out. Titles are the short [optional] title when there is one, as the
 *   table of contents and the PDF outline show it.
 * - \section is numbered per chapter ("2.3"); \section* is not a new section (its text stays in the current
 *   one). Text before a chapter's first section is the chapter-intro pseudo-section (number = chapter's).
 *   Subsection headings end a paragraph and are not paragraphs themselves.
 * - Paragraphs: split on blank lines and at the start and end of block environments (examples, solutions,
 *   theorems, proofs, definition boxes, quotes, lists) and at each \item. Display math (equation, align,
 *   \[...\], $$...$$) stays inside its paragraph, as in the PreTeXt reader.
 * - Solutions inside examples are kept: this kind of book prints worked solutions inline ("Solution: ..."),
 *   so they are prose a student reads; the first paragraph of a solution gets the run-in "Solution:".
 * - Left out: tikzpicture, figure, table, tabular, listings (verbatim, Verbatim, minted, lstlisting, Sweave
 *   chunks), activities and exercise environments (questions, parts,
 *   answer, hint, exercise, problem), verbatim, and box titles (\begin{defbox}{Title}, \begin{notice}[Title]) and other environment options.
 * - Theorem-like environments: the standard names and those the document declares with \newtheorem get
 *   their run-in head ("Example (Annual Precipitation). The vector ...").
 * - Macros: \def/\newcommand definitions of the *.tex files in the source folder and of the document
 *   itself are expanded. Text is rendered with texToText (\emph{x} -> x, \index/\label -> nothing,
 *   \ref -> nothing, math keeps its letters and digits). Footnotes are left out.
 * - Citations of an author-year book (natbib) print authors and years from the folder's .bib files
 *   ("Schäfer (2008)", "(Alexiadou et al. 2015: 7)"); an unknown key, or a numbered citation, prints nothing.
 * - Numbered linguistic examples (gb4e's \begin{exe} \ex ... \z, checked against kastner's PDF) are one
 *   paragraph each, sub-items, glosses and translation included; qtree's trees read row by row.
 */

/** Headings LaTeX sets run-in, at the start of the paragraph's first line. */
const RUN_IN_HEAD = new Set(['paragraph', 'subparagraph']);

const SKIPPED_INPUT_DIRS = /^(?:\.\/)?(exercises|homework|solutions)\//;
const SKIP_ENVS = new Set([
  'tikzpicture',
  'figure',
  'figure*',
  'table',
  'table*',
  'tabular',
  'tabular*',
  'tabularx',
  'wrapfigure',
  // rotating's floats, set sideways on a page of their own.
  'sidewaysfigure',
  'sidewaystable',
  'questions',
  'parts',
  'activity',
  'answer',
  'hint',
  'exercise',
  'exercises',
  'problem',
  // Listings and program output (fancyvrb, minted, listings, Sweave's chunks) are code blocks, not prose.
  'verbatim',
  'Verbatim',
  'minted',
  'Sinput',
  'Soutput',
  'Schunk',
  'comment',
  'lstlisting',
  'picture',
  'instructornote',
  'Ans',
]);
const BLOCK_ENVS = new Set([
  'example',
  'solution',
  'theorem',
  'lemma',
  'proposition',
  'corollary',
  'conjecture',
  'definition',
  'defbox',
  'remark',
  'proof',
  'quote',
  'quotation',
  'itemize',
  'enumerate',
  'description',
  'center',
  'multicols',
  'minipage',
  'note',
  'claim',
  'fact',
  'investigate',
  'flushleft',
  'flushright',
]);
/** Block environments whose mandatory arguments are headings or layout, not text. */
const ENV_ARGS: Record<string, number> = { defbox: 1, multicols: 1, minipage: 1 };
// amsthm's proof environment sets a run-in "Proof." (\proofname followed by a period) before its first
// paragraph; the page shows it, so the truth has it too.
const RUN_IN: Record<string, string> = { solution: 'Solution:', proof: 'Proof.' };
// amsthm theorem-like environments (\newtheorem) start with a run-in head: the name, then the optional note
// in parentheses, then a period ("Theorem (Brooks' Theorem). Any graph ..."). The head is on the page.
const THEOREM_RUN_IN: Record<string, string> = {
  theorem: 'Theorem',
  lemma: 'Lemma',
  proposition: 'Proposition',
  corollary: 'Corollary',
  conjecture: 'Conjecture',
  claim: 'Claim',
  fact: 'Fact',
  // The exercise package's numbered exercises, set inline ("Exercise 5.8. Show that ...").
  Exercise: 'Exercise',
};

/** Reads the ground truth of a LaTeX book. `mainFile` defaults to the .tex file with \documentclass and \chapter. */
export function readLatexTruth(sourceDir: string, mainFile?: string): TruthBook {
  const main = mainFile ?? findMainFile(sourceDir);
  const macros = new Map<string, TexMacro>();
  const preambles: string[] = [];
  for (const f of fs.readdirSync(sourceDir)) {
    if (!f.endsWith('.tex')) continue;
    const text = stripTexComments(fs.readFileSync(path.join(sourceDir, f), 'utf8'));
    preambles.push(text);
    parseTexMacros(text, macros);
  }
  let doc = expandInputs(path.resolve(sourceDir, main), sourceDir);
  // A main file that inputs its chapters through a macro of its own (\newchapter{ch1holder}{...}) names
  // files the folder does not hold: the chapter files it does hold are the book, in their order.
  if (!REAL_CHAPTER.test(doc)) doc = chapterFiles(sourceDir, macros);
  parseTexMacros(doc, macros);
  // An author-year book prints its citations from the bibliography; otherwise they print a number,
  // which the scorer drops, or nothing the source could tell.
  const authorYear = citesAuthorYear(preambles.join('\n'));
  doc = renderCitations(doc, authorYear ? readBibliography(sourceDir) : new Map<string, BibEntry>());
  const theorems = readTheoremHeads(doc);
  for (const name of ['chapter', 'section', 'subsection', 'item', 'index', 'label']) macros.delete(name);
  const start = doc.search(/\\mainmatter\b/);
  const docStart = doc.search(/\\begin\{document\}/);
  doc = doc.slice(start >= 0 ? start : Math.max(docStart, 0));
  const end = doc.search(/\\backmatter\b|\\end\{document\}/);
  if (end >= 0) doc = doc.slice(0, end);
  // Non-prose environments go first: exam-style \part items inside them must not read as \part.
  return { chapters: splitStructure(removeEnvironments(doc), macros, theorems) };
}

/**
 * The book as the folder's chapter files (each opening with \\chapter, below the folder), in the order of
 * their paths, their macros read: for a main file that does not input them by name.
 */
function chapterFiles(sourceDir: string, macros: Map<string, TexMacro>): string {
  const files = fs
    .readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tex'))
    .sort();
  const chapters = files
    .map((f) => stripTexComments(fs.readFileSync(path.join(sourceDir, f), 'utf8')))
    .filter((text) => /^\s*\\chapter\*?\{/.test(text));
  if (chapters.length === 0)
    throw new TruthError(`${sourceDir}: the main file inputs no chapter, and no file opens with one`);
  for (const text of chapters) parseTexMacros(text, macros);
  return `\\begin{document}\n${chapters.join('\n\n')}\n\\end{document}`;
}

/**
 * A numbered chapter with its title: not the \\chapter{#2} in a macro's definition, nor a \\chapter* (a
 * preface, a list of exercises) before the set-up files a book may input after it.
 */
const REAL_CHAPTER = /\\chapter\{[^#}]/;

/** LaTeX main files, and Sweave (.Rnw: LaTeX with R chunks) ones. */
const MAIN_FILE = /\.(?:tex|Rnw)$/;

function findMainFile(dir: string): string {
  for (const f of fs.readdirSync(dir)) {
    if (!MAIN_FILE.test(f)) continue;
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    if (/\\documentclass/.test(text) && /\\(chapter|include|input)\b/.test(text)) return f;
  }
  throw new TruthError(`${dir}: no LaTeX main file (a .tex or .Rnw with \\documentclass and \\chapter)`);
}

/**
 * Sweave's R chunks ("<<name, opts>>=" up to a line "@") are code and its output, not prose: a listing,
 * around which a sentence may go on. \Sexpr{...} prints a computed value the source does not hold.
 */
export function stripSweave(text: string): string {
  return text
    .replace(/^<<[^\n]*>>=[^\n]*\n[\s\S]*?^@[^\n]*$/gm, `\n${LISTING}\n`)
    .replace(/\\Sexpr\{[^}]*\}/g, '');
}

/**
 * The document with its \\input and \\include files spliced in. A missing file before the first \\chapter is
 * set-up (macros, title pages): its macros stay unexpanded and a warning names it. A missing file after it
 * is part of the text: the truth would quietly shrink (and every score grow), so that stops with an error.
 */
function expandInputs(file: string, root: string): string {
  let chapterSeen = false;
  const expand = (current: string, depth: number): string => {
    let text = stripTexComments(stripSweave(fs.readFileSync(current, 'utf8')));
    const begin = text.indexOf('\\begin{document}');
    if (depth > 0 && begin >= 0) {
      const end = text.indexOf('\\end{document}');
      text = text.slice(begin + '\\begin{document}'.length, end >= 0 ? end : undefined);
    }
    let out = '';
    let last = 0;
    for (const m of text.matchAll(/\\(?:input|include)\s*\{([^}]*)\}/g)) {
      const before = text.slice(last, m.index);
      // A real chapter, not the \\chapter{#2} of a macro's definition.
      chapterSeen ||= REAL_CHAPTER.test(before);
      out += before;
      last = m.index + m[0].length;
      const name = m[1]!;
      // A macro's parameter ("\\input{#1}" in a \\newcommand) names no file.
      if (SKIPPED_INPUT_DIRS.test(name) || name.includes('\\') || name.includes('#') || depth > 10) {
        out += '\n\n';
        continue;
      }
      const candidates = [name, `${name}.tex`].map((n) => path.resolve(root, n));
      const target = candidates.find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
      if (target) out += `\n\n${expand(target, depth + 1)}\n\n`;
      else if (chapterSeen)
        throw new TruthError(`${current} includes ${name}, which is missing (${candidates[1]})`);
      else
        console.warn(
          `warning: ${current} includes ${name} before its first chapter; it is missing (${candidates[1]})`,
        );
    }
    return out + text.slice(last);
  };
  return expand(file, 0);
}

/** Reads `[opt]{arg}` after a heading command at `i`: short title, title, index after. */
function readHeading(src: string, i: number): { title: string; short?: string; end: number } {
  let j = i;
  let short: string | undefined;
  while (/\s/.test(src[j] ?? '')) j++;
  if (src[j] === '[') {
    let depth = 0;
    let k = j;
    for (; k < src.length; k++) {
      if (src[k] === '[') depth++;
      else if (src[k] === ']' && --depth === 0) break;
    }
    short = src.slice(j + 1, k);
    j = k + 1;
    while (/\s/.test(src[j] ?? '')) j++;
  }
  if (src[j] !== '{') return { title: '', short, end: j };
  const close = matchBrace(src, j);
  return { title: src.slice(j + 1, close), short, end: close + 1 };
}

function splitStructure(
  doc: string,
  macros: ReadonlyMap<string, TexMacro>,
  theorems: ReadonlyMap<string, string>,
): TruthChapter[] {
  const chapters: (TruthChapter & { bodies: Map<string, string> })[] = [];
  let chapterCounter = 0;
  let appendix = false;
  let chapter: (typeof chapters)[number] | undefined;
  let sectionCounter = 0;
  let current: TruthSection | undefined;
  let last = 0;
  const append = (text: string) => {
    if (!chapter || !current) return;
    chapter.bodies.set(current.number, (chapter.bodies.get(current.number) ?? '') + text);
  };
  const re =
    /\\(part|chapter|section|subsection|subsubsection|subsubsubsection|paragraph|subparagraph|appendix|setcounter\s*\{chapter\}\s*\{(-?\d+)\})(?![A-Za-z])(\*?)/g;
  for (let m = re.exec(doc); m; m = re.exec(doc)) {
    append(doc.slice(last, m.index));
    const kind = m[1]!;
    const starred = m[3] === '*';
    last = re.lastIndex;
    if (kind === 'appendix') {
      appendix = true;
      chapterCounter = 0;
      continue;
    }
    if (kind.startsWith('setcounter')) {
      chapterCounter = Number(m[2]);
      continue;
    }
    const heading = readHeading(doc, re.lastIndex);
    last = heading.end;
    re.lastIndex = heading.end;
    const title = collapseSpace(texToText(heading.short ?? heading.title, macros));
    if (kind === 'part' || (kind === 'chapter' && starred)) {
      chapter = undefined;
      current = undefined;
    } else if (kind === 'chapter') {
      chapterCounter++;
      const number = appendix ? String.fromCharCode(64 + chapterCounter) : String(chapterCounter);
      current = { number, title, paragraphs: [] };
      chapter = { number, title, sections: [current], bodies: new Map() };
      chapters.push(chapter);
      sectionCounter = 0;
    } else if (kind === 'section' && !starred && chapter) {
      sectionCounter++;
      current = { number: `${chapter.number}.${sectionCounter}`, title, paragraphs: [] };
      chapter.sections.push(current);
    } else if (RUN_IN_HEAD.has(kind) && !/^\s*\\begin\b/.test(doc.slice(heading.end))) {
      // \paragraph and \subparagraph are run-in heads: their title opens the paragraph that follows, even
      // across a blank line in the source ("Answer: It turns out that ...").
      append(`\n\n${title} `);
      last = heading.end + (/^\s*/.exec(doc.slice(heading.end))?.[0].length ?? 0);
      re.lastIndex = last;
    } else append('\n\n'); // lower headings, \section* and a run-in head before a list: a paragraph break
  }
  append(doc.slice(last));
  const out: TruthChapter[] = [];
  for (const ch of chapters) {
    for (const s of ch.sections)
      s.paragraphs = texParagraphs(ch.bodies.get(s.number) ?? '', macros, theorems);
    // The intro pseudo-section only when it has text; numbered sections always.
    const sections = ch.sections.filter((s) => s.number !== ch.number || s.paragraphs.length > 0);
    if (sections.some((s) => s.paragraphs.length > 0))
      out.push({ number: ch.number, title: ch.title, sections });
  }
  return out;
}

/** Removes environments (nested ones included) whose names are in SKIP_ENVS. */
function removeEnvironments(src: string): string {
  const re = /\\(begin|end)\s*\{([^}]+)\}/g;
  let out = '';
  let depth = 0;
  let last = 0;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    if (!SKIP_ENVS.has(m[2]!)) continue;
    if (m[1] === 'begin') {
      if (depth === 0) out += src.slice(last, m.index);
      depth++;
    } else if (depth > 0) {
      depth--;
      if (depth === 0) {
        last = re.lastIndex;
        if (LISTING_ENVS.has(m[2]!)) out += LISTING;
        // A float on lines of its own inside a paragraph leaves no blank line behind: the text goes on.
        else if (/\n[ \t]*$/.test(out))
          last += /^[ \t]*\n/.exec(src.slice(last, last + 200))?.[0].length ?? 0;
      }
    }
  }
  return depth === 0 ? out + src.slice(last) : out;
}

/** Listing environments: code blocks of their own, around which a sentence may go on. */
const LISTING_ENVS = new Set(['verbatim', 'Verbatim', 'minted', 'lstlisting', 'Sinput', 'Soutput', 'Schunk']);
/** Where a listing was taken out of the text. */
const LISTING = '\\tbLISTING ';

/**
 * The text around listings: words that go on after one in lower case ("... as follows:" code "where dt
 * is ...") continue the paragraph before it, as the page reads and as the extraction gives it; otherwise
 * a listing ends the paragraph.
 */
function joinAroundListings(src: string): string {
  // A blank line before the listing does not part them either: the page reads "when doing" code "we get".
  // Listings in a row (an R chunk and its output, two chunks) read as one.
  return src
    .replace(/\\tbLISTING(?:\s*\\tbLISTING)+/g, LISTING)
    .replace(/(?:\n[ \t]*\n\s*)?\\tbLISTING\s*(?=[a-z])/g, ' ')
    .replace(/\\tbLISTING /g, '\n\n');
}

const DISPLAY_AFTER_BLANK =
  /\n[ \t]*\n\s*(\\begin\s*\{(?:equation|align|gather|multline|eqnarray|flalign|alignat)\*?\}|\\\[|\$\$)/g;

/** A paragraph that is nothing but a run-in head (an empty box): not a paragraph. */
const runInOnly = (heads: Iterable<string>) =>
  new RegExp(`^(?:Solution:|Proof\\.|(?:${[...heads].join('|')})(?: \\(.*\\))?\\.)$`);

/**
 * The theorem-like environments a document declares (`\newtheorem{example}[thm]{Example}`), by their
 * heads: each starts with its run-in head like the standard ones.
 */
export function readTheoremHeads(src: string): Map<string, string> {
  const heads = new Map<string, string>();
  for (const m of src.matchAll(/\\newtheorem\*?\s*\{([^}]+)\}\s*(?:\[[^\]]*\]\s*)?\{([^}]+)\}/g))
    heads.set(m[1]!, collapseSpace(m[2]!));
  return heads;
}

/** gb4e's example lists and their ends (\\z closes the innermost one); `\\` and `\{` are not braces. */
const EXAMPLE_TOKENS =
  /\\\\|\\[{}]|\\begin\s*\{(?:exe|xlist\w*)\}|\\end\s*\{(?:exe|xlist\w*)\}|\\z(?![A-Za-z])|\\ex(?![A-Za-z])|[{}]/g;

/**
 * gb4e's numbered examples (\\begin{exe} \\ex ... \\begin{xlist} \\ex ... \\z \\z): the book sets each
 * top-level \\ex as one block, its lettered sub-items, words, glosses and translation in reading order, so
 * each is one paragraph, blank lines inside it and all; the list parts it from the text around it. A list
 * inside braces (a footnote's) stays where it is.
 */
function exampleParagraphs(src: string): string {
  let out = '';
  let last = 0;
  let braces = 0;
  let lists = 0;
  const cuts: number[] = [];
  for (const m of src.matchAll(EXAMPLE_TOKENS)) {
    const token = m[0];
    if (token === '{' || token === '}') braces += token === '{' ? 1 : -1;
    else if (token.startsWith('\\begin')) {
      if (lists === 0 && braces !== 0) continue;
      if (lists++ === 0) cuts.splice(0, cuts.length, m.index);
    } else if (token.startsWith('\\end') || token === '\\z') {
      if (lists === 0 || --lists > 0) continue;
      // Each top-level \\ex up to the next is a paragraph; what comes before the first (\\settowidth) is in it.
      const bounds = [cuts[0]!, ...cuts.slice(2), m.index];
      const blocks = bounds.slice(1).map((end, k) => oneBlock(src.slice(bounds[k], end)));
      out += `${src.slice(last, cuts[0])}\n\n${blocks.join('\n\n')}\n\n`;
      last = m.index + token.length;
    } else if (token === '\\ex' && lists === 1) cuts.push(m.index);
  }
  return out + src.slice(last);
}

/**
 * An example as one paragraph, on one line: its blank lines part nothing, nor do the blocks it lays itself
 * out with (two columns, a minipage), which keep their marker so that their arguments are still dropped.
 */
function oneBlock(example: string): string {
  return jamboxOnWordsLine(example)
    .replace(/\n/g, ' ')
    .replace(/\\(begin|end)\s*\{([^}]+)\}/g, (whole, which: string, env: string) =>
      !BLOCK_ENVS.has(env) ? whole : which === 'begin' ? `\\tbBEGIN{${env}}` : ' ',
    );
}

/** gb4e's \\jambox{(causative)} after a gloss's lines is set at the right end of its first line, the words'. */
function jamboxOnWordsLine(example: string): string {
  return example.replace(
    /\\gll\b((?:(?!\\gll\b)[\s\S])*?)\\jambox\s*\{([^{}]*)\}/g,
    (whole, gloss: string, text: string) => {
      const end = gloss.indexOf('\\\\');
      return end < 0 ? whole : `\\gll${gloss.slice(0, end)} ${text} ${gloss.slice(end)}`;
    },
  );
}

/** Footnotes: not the text's paragraphs (set apart at the page's foot), so their blank lines part nothing. */
function withoutFootnotes(src: string): string {
  let out = '';
  let last = 0;
  const re = /\\footnote(?:text)?\s*(?:\[[^\]]*\])?\s*\{/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const close = matchBrace(src, re.lastIndex - 1);
    if (close < 0) break;
    out += src.slice(last, m.index);
    last = close + 1;
    re.lastIndex = last;
  }
  return out + src.slice(last);
}

/** Splits a section's LaTeX body into plain-text paragraphs. */
export function texParagraphs(
  body: string,
  macros: ReadonlyMap<string, TexMacro> = new Map(),
  declaredTheorems: ReadonlyMap<string, string> = new Map(),
): string[] {
  const theorems = new Map([...Object.entries(THEOREM_RUN_IN), ...declaredTheorems]);
  const headOnly = runInOnly(theorems.values());
  const prose = removeEnvironments(withoutFootnotes(stripTexComments(body)));
  let src = renderTrees(exampleParagraphs(joinAroundListings(prose)));
  // A blank line before display math is not a visible paragraph break. TeX ends the paragraph there, but
  // the display (which starts the next paragraph in vertical mode) only opens an empty indented line that
  // the display covers, and the text after the display goes on unindented: the page shows text, display,
  // text as one paragraph, the same as without the blank line. (A blank line *after* a display does start
  // an indented paragraph, so that one stays.)
  src = src.replace(DISPLAY_AFTER_BLANK, (_whole, display: string) => `\n${display}`);
  // The optional argument of an environment that is not theorem-like is a box title set as a heading
  // ("[Wait a minute!]") or options ("[label=(a)]"), not text of the paragraph.
  src = src.replace(/(\\begin\s*\{([^}]+)\})\s*\[[^\]]*\]/g, (whole, begin: string, env: string) =>
    theorems.has(env) ? whole : begin,
  );
  // Block boundaries: \begin{block}[opt]{args}, \end{block}, \item[label].
  src = src.replace(/\\(begin|end)\s*\{([^}]+)\}/g, (whole, which: string, env: string) => {
    if (!BLOCK_ENVS.has(env) && !theorems.has(env)) return whole;
    if (which === 'end') return '\n\n';
    return `\n\n\\tbBEGIN{${env}}`;
  });
  // The optional argument is a theorem's note ("Theorem (Brooks' Theorem).") or a box option.
  const notes: string[] = [];
  src = src.replace(/\\tbBEGIN\{([^}]+)\}(?:\s*\[([^\]]*)\])?/g, (_whole, env: string, note?: string) => {
    // key=value lists ("[label=exr:mean]") are options, not a note the page shows.
    notes.push(note?.includes('=') ? '' : (note ?? ''));
    return `\\tbBEGIN{${env}}`;
  });
  // Drop heading-like arguments of boxes, then replace the marker with the run-in label.
  let result = '';
  const marker = /\\tbBEGIN\{([^}]+)\}/g;
  let last = 0;
  let count = 0;
  for (let m = marker.exec(src); m; m = marker.exec(src)) {
    result += src.slice(last, m.index);
    let i = marker.lastIndex;
    for (let k = 0; k < (ENV_ARGS[m[1]!] ?? 0); k++) {
      while (/\s/.test(src[i] ?? '')) i++;
      if (src[i] === '{') i = matchBrace(src, i) + 1;
    }
    const note = notes[count++] ?? '';
    const theorem = theorems.get(m[1]!);
    if (theorem) result += note.trim() ? `${theorem} (${note.trim()}). ` : `${theorem}. `;
    else if (RUN_IN[m[1]!]) result += `${RUN_IN[m[1]!]} `;
    last = i;
    marker.lastIndex = i;
  }
  src = result + src.slice(last);
  // An item's own label ("\\item[Quantitative:]", "\\item[(a)]") is printed at its start.
  src = src.replace(/\\item\b\s*(?:\[([^\]]*)\])?/g, (_whole, label?: string) =>
    label === undefined ? '\n\n' : `\n\n${label} `,
  );
  return src
    .split(/\n[ \t]*\n/)
    .map((chunk) => collapseSpace(texToText(chunk, macros)))
    .filter((p) => normalizeText(p) !== '' && !headOnly.test(p));
}
