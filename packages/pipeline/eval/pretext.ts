import fs from 'node:fs';
import path from 'node:path';
import { collapseSpace, parseTexMacros, texToText, type TexMacro } from './text.ts';
import { TruthError, type TruthBook, type TruthChapter, type TruthSection } from './types.ts';
import { childElements, findElement, isElement, parseXml, type XmlElement, type XmlNode } from './xml.ts';

/*
 * PreTeXt ground truth. Decisions (checked against aata's PDF):
 * - Chapters: the <chapter>s of <book> (directly or inside <part>s) in document order, numbered 1, 2, ...;
 *   front and back matter (appendices included) are left out.
 * - Section-level divisions (section, exercises, reading-questions, references, worksheet...) share one
 *   counter per chapter, as the PDF's table of contents shows ("3.4 Reading Questions"); only <section>s
 *   become truth sections. Anything with component="sage-..." is not in the print PDF: neither numbered
 *   nor read.
 * - Paragraphs: every <p> in the section's body, including those inside theorem-like blocks, examples,
 *   remarks and proofs, because the PDF shows them as running text. A <p> holding a list becomes the text
 *   before the list, one paragraph per list item (or per <p> in the item), and the text after it. Display
 *   math (<me>, <md>) stays inside its paragraph, as TeX typesets it.
 * - The first paragraph of a numbered block gets its run-in heading ("Theorem 6.10 Lagrange. Let G ..."),
 *   that of a proof "Proof.", because the PDF prints them on the paragraph's first line.
 * - Left out: exercises (inline ones too), solutions, hints, answers, Sage cells and blurbs, figures,
 *   tables and side-by-sides (captions included), notation and index entries, footnotes, bibliographies,
 *   and all headings (<title>).
 * - Math is rendered from its LaTeX with texToText (macros from docinfo expanded); <xref>s become the
 *   PDF's text ("Theorem 3.2", "Example 3.28", "Section 3.2", "Exercise 3.5.15") from a numbering pass
 *   over the book.
 */

/** Elements numbered with the chapter's shared block counter ("Example 3.1", "Figure 3.3", "Theorem 3.4"). */
const NUMBERED_BLOCKS = new Set([
  'theorem',
  'lemma',
  'proposition',
  'corollary',
  'claim',
  'fact',
  'identity',
  'conjecture',
  'axiom',
  'principle',
  'heuristic',
  'hypothesis',
  'assumption',
  'definition',
  'example',
  'question',
  'problem',
  'remark',
  'convention',
  'note',
  'observation',
  'warning',
  'insight',
  'computation',
  'technology',
  'data',
  'algorithm',
  'activity',
  'exploration',
  'investigation',
  'project',
  'figure',
  'table',
  'listing',
  'list',
]);
/** Section-level divisions: they take section numbers. */
const DIVISIONS = new Set([
  'section',
  'exercises',
  'reading-questions',
  'references',
  'worksheet',
  'glossary',
  'solutions',
]);
/** Not study text. */
const SKIP = new Set([
  'title',
  'subtitle',
  'shorttitle',
  'plaintitle',
  'idx',
  'index',
  'notation',
  'fn',
  'exercise',
  'exercises',
  'exercisegroup',
  'reading-questions',
  'references',
  'solutions',
  'solution',
  'hint',
  'answer',
  'sage',
  'figure',
  'table',
  'sidebyside',
  'sbsgroup',
  'image',
  'tabular',
  'listing',
  'program',
  'console',
  'caption',
  'biblio',
  'latex-image',
  'latex-image-code',
  'sageplot',
  'video',
  'interactive',
  'worksheet',
  'glossary',
  'comment',
  'objectives',
  'outcomes',
  'cd',
  'pre',
]);
const LISTS = new Set(['ol', 'ul', 'dl']);

/** Reads the ground truth of a PreTeXt book. `mainFile` defaults to the file holding <book>. */
export function readPretextTruth(sourceDir: string, mainFile?: string): TruthBook {
  const main = mainFile ?? findMainFile(sourceDir);
  const root = loadWithIncludes(path.resolve(sourceDir, main), 0);
  const macros = new Map<string, TexMacro>();
  const docinfo = findElement(root, 'docinfo');
  const macroEl = docinfo && findElement(docinfo, 'macros');
  if (macroEl) parseTexMacros(textContent(macroEl), macros);
  const book = findElement(root, 'book');
  if (!book) throw new TruthError(`${main}: no <book>`);
  const chapters: XmlElement[] = [];
  const collectChapters = (el: XmlElement) => {
    for (const c of childElements(el)) {
      if (c.name === 'chapter') chapters.push(c);
      else if (c.name === 'part') collectChapters(c);
    }
  };
  collectChapters(book);

  const labels = new Map<string, string>();
  chapters.forEach((ch, i) => numberChapter(ch, String(i + 1), labels));
  const ctx: Ctx = { macros, labels };

  return {
    chapters: chapters.map((ch, i): TruthChapter => {
      const number = String(i + 1);
      const title = titleOf(ch, ctx);
      const sections: TruthSection[] = [];
      const intro: string[] = [];
      for (const c of childElements(ch)) {
        if (DIVISIONS.has(c.name) || isSage(c)) continue;
        collectBlock(c, intro, ctx);
      }
      if (intro.length) sections.push({ number, title, paragraphs: intro });
      let k = 0;
      for (const c of childElements(ch)) {
        if (!DIVISIONS.has(c.name) || isSage(c)) continue;
        k++;
        if (c.name !== 'section') continue;
        const paragraphs: string[] = [];
        for (const d of childElements(c)) collectBlock(d, paragraphs, ctx);
        sections.push({ number: `${number}.${k}`, title: titleOf(c, ctx), paragraphs });
      }
      return { number, title, sections };
    }),
  };
}

interface Ctx {
  macros: ReadonlyMap<string, TexMacro>;
  labels: ReadonlyMap<string, string>;
}

function findMainFile(dir: string): string {
  const candidates = fs.readdirSync(dir).filter((f) => f.endsWith('.xml'));
  for (const f of candidates) {
    const text = fs.readFileSync(path.join(dir, f), 'utf8');
    if (/<(pretext|mathbook)[\s>]/.test(text) && /<book[\s>]|xi:include/.test(text)) return f;
  }
  throw new TruthError(`${dir}: no PreTeXt main file (<pretext> with <book>)`);
}

/** Parses a file and splices in its xi:includes of XML files (parse="text" ones, TikZ sources, are dropped). */
function loadWithIncludes(file: string, depth: number): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new TruthError(`${file}: ${(error as Error).message}`, { cause: error });
  }
  const expand = (el: XmlElement) => {
    const out: XmlNode[] = [];
    for (const c of el.children) {
      if (isElement(c) && c.name === 'xi:include') {
        const href = c.attrs.href ?? '';
        const target = path.resolve(path.dirname(file), href);
        if (c.attrs.parse !== 'text' && href.endsWith('.xml') && depth < 10) {
          // A missing part would quietly shrink the truth and inflate every score: stop instead.
          if (!fs.existsSync(target))
            throw new TruthError(`${file} includes ${href}, which is missing (${target})`);
          out.push(...childElements(loadWithIncludes(target, depth + 1)));
        }
        continue;
      }
      if (isElement(c)) expand(c);
      out.push(c);
    }
    el.children = out;
  };
  expand(root);
  return root;
}

function isSage(el: XmlElement): boolean {
  return (el.attrs.component ?? '').startsWith('sage');
}

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Fills `labels` (xml:id -> "Theorem 3.4") for one chapter, walking it in document order. */
function numberChapter(ch: XmlElement, number: string, labels: Map<string, string>): void {
  const id = (el: XmlElement) => el.attrs['xml:id'];
  if (id(ch)) labels.set(id(ch)!, `Chapter ${number}`);
  let block = 0;
  let division = 0;
  const walk = (el: XmlElement, exerciseDivision: string | undefined) => {
    for (const c of childElements(el)) {
      if (isSage(c)) continue;
      if (el === ch && DIVISIONS.has(c.name)) {
        division++;
        const num = `${number}.${division}`;
        if (id(c)) labels.set(id(c)!, `Section ${num}`);
        walk(c, c.name === 'section' ? undefined : num);
        continue;
      }
      if (c.name === 'exercise' && exerciseDivision !== undefined) continue; // numbered below
      if (NUMBERED_BLOCKS.has(c.name) || c.name === 'exercise') {
        block++;
        if (id(c)) labels.set(id(c)!, `${capitalise(c.name)} ${number}.${block}`);
      } else if (c.name === 'subsection' && id(c)) labels.set(id(c)!, 'Subsection');
      walk(c, exerciseDivision);
    }
    if (exerciseDivision !== undefined && DIVISIONS.has(el.name)) {
      // Exercises of an exercises division: n.k.j in order (groups included), or their number="".
      let j = 0;
      const visit = (e: XmlElement) => {
        for (const x of childElements(e)) {
          if (x.name === 'exercise') {
            j = x.attrs.number ? Number(x.attrs.number) || j + 1 : j + 1;
            if (id(x)) labels.set(id(x)!, `Exercise ${exerciseDivision}.${j}`);
          } else if (x.name === 'exercisegroup' || x.name === 'subexercises') visit(x);
        }
      };
      visit(el);
    }
  };
  walk(ch, undefined);
}

function textContent(node: XmlNode): string {
  return isElement(node) ? node.children.map(textContent).join('') : node;
}

function titleOf(el: XmlElement, ctx: Ctx): string {
  const t = childElements(el, 'title')[0];
  return t ? collapseSpace(inlineText(t, ctx)) : '';
}

/** Collects the paragraphs of a block-level element (and its descendants) into `out`. */
function collectBlock(el: XmlElement, out: string[], ctx: Ctx): void {
  if (SKIP.has(el.name) || isSage(el)) return;
  if (el.name === 'p') {
    emitParagraph(el, out, ctx);
    return;
  }
  if (LISTS.has(el.name)) {
    emitList(el, out, ctx);
    return;
  }
  const heading = NUMBERED_BLOCKS.has(el.name) ? ctx.labels.get(el.attrs['xml:id'] ?? '') : undefined;
  let prefix = '';
  if (NUMBERED_BLOCKS.has(el.name)) {
    const title = titleOf(el, ctx);
    prefix = (heading ?? capitalise(el.name)) + (title ? ` ${title}.` : '');
  } else if (el.name === 'proof') prefix = 'Proof.';
  const start = out.length;
  for (const c of childElements(el)) collectBlock(c, out, ctx);
  if (prefix && out.length > start) out[start] = `${prefix} ${out[start]}`;
}

function emitList(list: XmlElement, out: string[], ctx: Ctx): void {
  for (const li of childElements(list)) {
    if (li.name !== 'li' && li.name !== 'dt' && li.name !== 'dd') continue;
    if (childElements(li).some((c) => c.name === 'p' || LISTS.has(c.name))) {
      for (const c of childElements(li)) collectBlock(c, out, ctx);
    } else emitParagraph(li, out, ctx);
  }
}

/** A <p> (or a list item of inline content): its text, split around lists. */
function emitParagraph(p: XmlElement, out: string[], ctx: Ctx): void {
  let text = '';
  const flush = () => {
    const t = collapseSpace(text);
    if (t) out.push(t);
    text = '';
  };
  for (const c of p.children) {
    if (isElement(c) && LISTS.has(c.name)) {
      flush();
      emitList(c, out, ctx);
    } else text += isElement(c) ? inlineElement(c, ctx) : c;
  }
  flush();
}

function inlineText(el: XmlElement, ctx: Ctx): string {
  return el.children.map((c) => (isElement(c) ? inlineElement(c, ctx) : c)).join('');
}

const SYMBOLS: Record<string, string> = {
  ndash: '–',
  mdash: '—',
  ellipsis: '…',
  nbsp: ' ',
  ie: 'i.e.',
  eg: 'e.g.',
  etc: 'etc.',
  latex: 'LaTeX',
  tex: 'TeX',
  pretext: 'PreTeXt',
  lq: '‘',
  rq: '’',
  lsq: '‘',
  rsq: '’',
  ldq: '“',
  rdq: '”',
  today: '',
  timeofday: '',
  ps: 'PS',
  am: 'AM',
  pm: 'PM',
  vs: 'vs.',
  viz: 'viz.',
  nb: 'NB',
  ca: 'ca.',
  al: 'al.',
};

function inlineElement(el: XmlElement, ctx: Ctx): string {
  switch (el.name) {
    case 'm':
      return texToText(textContent(el), ctx.macros);
    case 'me':
    case 'men':
    case 'md':
    case 'mdn': {
      const rows = childElements(el, 'mrow');
      const tex = rows.length ? rows.map(textContent).join(' \\\\ ') : textContent(el);
      return ` ${texToText(tex, ctx.macros)} `;
    }
    case 'xref':
      return renderXref(el, ctx);
    case 'q':
      return `“${inlineText(el, ctx)}”`;
    case 'sq':
      return `‘${inlineText(el, ctx)}’`;
    case 'url':
      return el.children.length ? inlineText(el, ctx) : (el.attrs.visual ?? el.attrs.href ?? '');
    case 'fn':
    case 'idx':
    case 'index':
    case 'notation':
    case 'sage':
    case 'image':
      return ' ';
    default:
      if (el.name in SYMBOLS) return SYMBOLS[el.name]!;
      return inlineText(el, ctx);
  }
}

function renderXref(el: XmlElement, ctx: Ctx): string {
  if (el.children.length) return inlineText(el, ctx);
  const label = (id: string) => ctx.labels.get(id) ?? '';
  if (el.attrs.first && el.attrs.last) {
    const first = label(el.attrs.first);
    const last = label(el.attrs.last).replace(/^\S+ /, '');
    return `${first}–${last}`;
  }
  const ids = (el.attrs.ref ?? '').split(/[\s,]+/).filter(Boolean);
  const parts = ids.map(label);
  if (el.attrs.text === 'global' || el.attrs.text === 'local')
    return parts.map((p) => p.replace(/^\S+ /, '')).join(', ');
  return parts.join(', ');
}
