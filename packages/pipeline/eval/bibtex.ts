import fs from 'node:fs';
import path from 'node:path';
import { collapseSpace, matchBrace, texToText } from './text.ts';

/*
 * Just enough BibTeX for an author-year citation: each entry's key, the last names of its authors (of its
 * editors when it has none, as for an edited volume) and its year, as the book prints them.
 */

/** What an author-year citation prints of an entry: last names ("von Last", accents rendered) and year. */
export interface BibEntry {
  names: string[];
  year: string;
}

/** The entries of every .bib file in `dir` (not below it), by key. */
export function readBibliography(dir: string): Map<string, BibEntry> {
  const entries = new Map<string, BibEntry>();
  for (const f of fs.readdirSync(dir).sort()) {
    if (!f.endsWith('.bib')) continue;
    for (const [key, entry] of parseBibtex(fs.readFileSync(path.join(dir, f), 'utf8')))
      entries.set(key, entry);
  }
  return entries;
}

/** Entry types that are not references. */
const NOT_ENTRIES = new Set(['comment', 'preamble', 'string']);

/** The entries of a BibTeX file, by key. */
export function parseBibtex(src: string): Map<string, BibEntry> {
  const entries = new Map<string, BibEntry>();
  const re = /@\s*([A-Za-z]+)\s*\{/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const open = re.lastIndex - 1;
    const close = matchBrace(src, open);
    if (close < 0) break;
    re.lastIndex = close + 1;
    if (NOT_ENTRIES.has(m[1]!.toLowerCase())) continue;
    const body = src.slice(open + 1, close);
    const comma = body.indexOf(',');
    if (comma < 0) continue;
    const fields = readFields(body.slice(comma + 1));
    const names = fields.get('author') ?? fields.get('editor');
    entries.set(body.slice(0, comma).trim(), {
      names: names ? splitNames(names).map(lastName) : [],
      year: plain(fields.get('year') ?? ''),
    });
  }
  return entries;
}

/** `name = value` fields, names in lower case, values raw (outer braces or quotes removed). */
function readFields(src: string): Map<string, string> {
  const fields = new Map<string, string>();
  const re = /([A-Za-z][\w-]*)\s*=\s*/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const { value, end } = readValue(src, re.lastIndex);
    fields.set(m[1]!.toLowerCase(), value);
    re.lastIndex = end;
  }
  return fields;
}

/** A field's value at `i`: pieces ({...}, "...", a number or a macro's name) joined by #. */
function readValue(src: string, i: number): { value: string; end: number } {
  let value = '';
  for (;;) {
    while (/\s/.test(src[i] ?? '')) i++;
    if (src[i] === '{') {
      const close = matchBrace(src, i);
      if (close < 0) return { value: value + src.slice(i + 1), end: src.length };
      value += src.slice(i + 1, close);
      i = close + 1;
    } else if (src[i] === '"') {
      const close = quoteEnd(src, i);
      value += src.slice(i + 1, close);
      i = close + 1;
    } else {
      const word = /^[^\s,#}]*/.exec(src.slice(i))![0];
      value += word;
      i += word.length;
    }
    while (/\s/.test(src[i] ?? '')) i++;
    if (src[i] !== '#') return { value, end: i };
    i++;
  }
}

/** The closing quote of a "..." value at `open`: a quote inside braces does not close it. */
function quoteEnd(src: string, open: number): number {
  let depth = 0;
  for (let i = open + 1; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === '{') depth++;
    else if (src[i] === '}') depth--;
    else if (src[i] === '"' && depth === 0) return i;
  }
  return src.length;
}

/** Splits `src` where `sep` (anchored with ^) matches outside braces. */
function splitOutsideBraces(src: string, sep: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src[i] === '{') depth++;
    else if (src[i] === '}') depth--;
    else if (depth === 0) {
      const m = sep.exec(src.slice(i));
      if (m && m[0].length > 0) {
        parts.push(src.slice(start, i));
        i += m[0].length - 1;
        start = i + 1;
      }
    }
  }
  parts.push(src.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** The names of an author or editor field: "and" outside braces parts them. */
function splitNames(field: string): string[] {
  return splitOutsideBraces(collapseSpace(field), /^\s+and\s+/i);
}

/**
 * The last name of one name, with its "von" part, as BibTeX reads it: "von Last, First" (before the first
 * comma), or "First von Last" (the lower-case words before the last ones, and those; else the last word).
 */
function lastName(name: string): string {
  const parts = splitOutsideBraces(name, /^,/);
  if (parts.length > 1) return plain(parts[0]!);
  const words = splitOutsideBraces(name, /^\s+/);
  const von = words.findIndex((w, k) => k < words.length - 1 && /^[a-z]/.test(w));
  return plain(words.slice(von >= 0 ? von : -1).join(' '));
}

/** A field's LaTeX as text: accents composed ({\"a} -> ä), braces gone. */
function plain(tex: string): string {
  return collapseSpace(texToText(tex));
}
