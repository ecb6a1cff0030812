/**
 * Parsing and checking of the inline markup used in content.ts (see the comment at the top of that file).
 */
import type { Block, Book, ItemKind } from './content.ts';

export type TargetKind = 'chapter' | 'section' | ItemKind;

export interface RefTarget {
  kind: TargetKind;
  /** "2" for a chapter, "2.1" for a section or a numbered item. */
  number: string;
}

/** A piece of text in one style; `ref` is the index of the cross-reference it belongs to. */
export interface Run {
  text: string;
  italic: boolean;
  script: 'sub' | 'sup' | null;
  ref: number | null;
}

export interface ParsedRef {
  phrase: string;
  targets: RefTarget[];
}

const KIND_WORDS: Record<string, TargetKind> = {
  Chapter: 'chapter',
  Section: 'section',
  Definition: 'definition',
  Theorem: 'theorem',
  Lemma: 'lemma',
  Proposition: 'proposition',
  Corollary: 'corollary',
  Example: 'example',
};

const NUM = String.raw`\d+(?:\.\d+)?`;
/** "Section 2.1", "Sections 2.1–2.3", "Theorems 3.1 and 3.2", "Chapters 4 and 5", "Examples 1.2, 1.5 or 2.7". */
const REF_PATTERN = new RegExp(
  String.raw`\b(${Object.keys(KIND_WORDS).join('|')})s?\s+(${NUM}(?:(?:\s*–\s*|,\s*|\s+and\s+|\s+or\s+)${NUM})*)`,
  'g',
);

export const KIND_LABELS: Record<TargetKind, string> = {
  chapter: 'Chapter',
  section: 'Section',
  definition: 'Definition',
  theorem: 'Theorem',
  lemma: 'Lemma',
  proposition: 'Proposition',
  corollary: 'Corollary',
  example: 'Example',
};

/** The targets named in a reference phrase, in order of appearance, ranges expanded. */
export function parseTargets(phrase: string): RefTarget[] {
  const targets: RefTarget[] = [];
  for (const match of phrase.matchAll(REF_PATTERN)) {
    const kind = KIND_WORDS[match[1] ?? ''];
    if (!kind) continue;
    const tokens = (match[2] ?? '').match(/\d+(?:\.\d+)?|–/g) ?? [];
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] ?? '';
      if (token === '–') continue;
      if (tokens[i + 1] === '–') {
        const end = tokens[i + 2] ?? '';
        targets.push(...expandRange(kind, token, end, phrase));
        i += 2;
      } else {
        targets.push({ kind, number: token });
      }
    }
  }
  return targets;
}

function expandRange(kind: TargetKind, start: string, end: string, phrase: string): RefTarget[] {
  if (kind === 'chapter') {
    const out: RefTarget[] = [];
    for (let c = Number(start); c <= Number(end); c++) out.push({ kind, number: String(c) });
    return out;
  }
  const [c1, s1] = start.split('.').map(Number);
  const [c2, s2] = end.split('.').map(Number);
  if (kind !== 'section' || c1 !== c2 || s1 === undefined || s2 === undefined || s2 < s1) {
    throw new Error(`Unsupported range in reference "${phrase}" (ranges are for chapters and sections)`);
  }
  const out: RefTarget[] = [];
  for (let s = s1; s <= s2; s++) out.push({ kind, number: `${c1}.${s}` });
  return out;
}

/** Straight quotes to typographic ones. */
export function smartQuotes(text: string): string {
  return text
    .replace(/(^|[\s([{–—])"/g, '$1“')
    .replace(/"/g, '”')
    .replace(/(^|[\s([{–—])'/g, '$1‘')
    .replace(/'/g, '’');
}

/**
 * Splits marked-up text into styled runs. `refs` collects the cross-references found; run.ref indexes it.
 * `italic` is the base style (true inside theorems, where `*...*` switches to roman).
 */
export function parseInline(source: string, italic: boolean, refs: ParsedRef[]): Run[] {
  const text = smartQuotes(source);
  const runs: Run[] = [];
  let current = '';
  let isItalic = italic;
  const flush = () => {
    if (current) runs.push({ text: current, italic: isItalic, script: null, ref: null });
    current = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '[' && text[i + 1] === '[') {
      const close = text.indexOf(']]', i);
      if (close < 0) throw new Error(`Unclosed [[ in: ${source}`);
      flush();
      const phrase = text.slice(i + 2, close);
      const targets = parseTargets(phrase);
      if (targets.length === 0) throw new Error(`Reference without a target: "${phrase}"`);
      refs.push({ phrase, targets });
      runs.push({ text: phrase, italic: isItalic, script: null, ref: refs.length - 1 });
      i = close + 1;
    } else if (ch === '*') {
      flush();
      isItalic = !isItalic;
    } else if ((ch === '_' || ch === '^') && text[i + 1] === '{') {
      const close = text.indexOf('}', i);
      if (close < 0) throw new Error(`Unclosed ${ch}{ in: ${source}`);
      flush();
      runs.push({
        text: text.slice(i + 2, close),
        italic: isItalic,
        script: ch === '_' ? 'sub' : 'sup',
        ref: null,
      });
      i = close;
    } else {
      current += ch;
    }
  }
  flush();
  if (isItalic !== italic) throw new Error(`Unbalanced * in: ${source}`);
  return runs;
}

/** Every marked-up string of the book, with where it occurs. */
export function* bookTexts(
  book: Book,
): Generator<{ text: string; chapter: number | null; section: string | null }> {
  for (const text of book.preface.paragraphs) yield { text, chapter: null, section: null };
  for (const chapter of book.chapters) {
    for (const text of chapter.intro) yield { text, chapter: chapter.number, section: null };
    for (const section of chapter.sections) {
      for (const block of section.blocks) {
        for (const text of blockTexts(block))
          yield { text, chapter: chapter.number, section: section.number };
      }
    }
  }
}

export function blockTexts(block: Block): string[] {
  switch (block.type) {
    case 'paragraph':
    case 'formula':
      return [block.text];
    case 'exercises':
      return block.items;
    case 'item':
      return [...(block.name ? [block.name] : []), ...block.body, ...(block.proof ?? [])];
  }
}

/** Characters the standard 14 PDF fonts can show (WinAnsiEncoding). */
function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return true;
  return '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.includes(ch);
}

/** The label of every chapter, section and numbered item, e.g. "section 2.1" → its kind and number. */
export function bookTargets(book: Book): Map<string, RefTarget> {
  const targets = new Map<string, RefTarget>();
  for (const chapter of book.chapters) {
    targets.set(`chapter:${chapter.number}`, { kind: 'chapter', number: String(chapter.number) });
    for (const section of chapter.sections) {
      targets.set(`section:${section.number}`, { kind: 'section', number: section.number });
      for (const block of section.blocks) {
        if (block.type === 'item') {
          targets.set(`${block.kind}:${block.number}`, { kind: block.kind, number: block.number });
        }
      }
    }
  }
  return targets;
}

/**
 * Checks numbering, reference targets, that every reference phrase is marked, and the character set.
 * Throws an Error listing every problem.
 */
export function validateBook(book: Book): void {
  const problems: string[] = [];
  book.chapters.forEach((chapter, ci) => {
    if (chapter.number !== ci + 1) problems.push(`Chapter ${chapter.number} should be ${ci + 1}`);
    let counter = 0;
    chapter.sections.forEach((section, si) => {
      const expected = `${chapter.number}.${si + 1}`;
      if (section.number !== expected) problems.push(`Section ${section.number} should be ${expected}`);
      for (const block of section.blocks) {
        if (block.type !== 'item') continue;
        counter++;
        const want = `${chapter.number}.${counter}`;
        if (block.number !== want) problems.push(`${block.kind} ${block.number} should be ${want}`);
      }
    });
  });
  const targets = bookTargets(book);
  for (const { text, section } of bookTexts(book)) {
    for (const ch of text) {
      if (!isWinAnsi(ch)) problems.push(`Character "${ch}" cannot be shown by the standard fonts: ${text}`);
    }
    const refs: ParsedRef[] = [];
    try {
      parseInline(text, false, refs);
    } catch (error) {
      problems.push((error as Error).message);
    }
    for (const ref of refs) {
      for (const target of ref.targets) {
        if (!targets.has(`${target.kind}:${target.number}`)) {
          problems.push(
            `"${ref.phrase}" in ${section ?? 'front matter'}: no ${target.kind} ${target.number}`,
          );
        }
      }
    }
    const unmarked = text.replace(/\[\[.*?\]\]/g, '');
    for (const match of unmarked.matchAll(REF_PATTERN)) {
      problems.push(`Unmarked reference "${match[0]}" in ${section ?? 'front matter'}`);
    }
  }
  if (problems.length > 0) throw new Error(`The sample book is inconsistent:\n${problems.join('\n')}`);
}
