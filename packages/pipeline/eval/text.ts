/**
 * Text helpers shared by the truth readers and the scorer: normalisation, similarity and a rough
 * LaTeX -> plain text renderer that aims at what pdf.js extracts from the typeset page.
 */

/**
 * Normalised text: NFKC (so ligatures such as "ﬀ" become "ff"), lower case, letters (any script, so
 * Greek glyphs count) and digits only, whitespace collapsed.
 */
export function normalizeText(text: string): string {
  // Accents are dropped on both sides: TeX math accents (\hat{A}) come out of a PDF as a spacing mark
  // beside the letter ("Aˆ"), and out of the source as the bare letter.
  return text
    .normalize('NFKD')
    .replace(/[\p{M}\p{Lm}]/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The form similarity is measured on: the normalised text without any spaces. Spaces are dropped because
 * PDF text extraction inserts or omits them around math glyphs ("a 1" for a_1, "Zn" for Z_n)
 * unpredictably, and word breaks carry no information the letters do not.
 */
export function compactText(text: string): string {
  return normalizeText(text).replace(/ /g, '');
}

/**
 * Similarity of two texts: 1 - levenshtein(a', b') / max(|a'|, |b'|) on their compact forms (see
 * compactText). 1 for identical texts, 0 for nothing in common; two empty texts are identical.
 */
export function textSimilarity(a: string, b: string): number {
  return compactRatio(compactText(a), compactText(b));
}

/** The ratio of textSimilarity on already compact strings. */
export function compactRatio(a: string, b: string): number {
  const maxLen = Math.max(a.length, b.length);
  if (maxLen === 0) return 1;
  return 1 - boundedLevenshtein(a, b, maxLen) / maxLen;
}

/**
 * Levenshtein distance if it is at most `bound`, else `bound + 1`. Uses Ukkonen's band: only cells within
 * `bound` of the diagonal are computed, so the cost is O(min(|a|,|b|) * bound).
 */
export function boundedLevenshtein(a: string, b: string, bound: number): number {
  if (a.length > b.length) [a, b] = [b, a];
  const n = a.length;
  const m = b.length;
  if (m - n > bound) return bound + 1;
  if (n === 0) return m;
  const big = bound + 1;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j <= bound ? j : big;
  for (let i = 1; i <= n; i++) {
    const from = Math.max(1, i - bound);
    const to = Math.min(m, i + bound);
    cur[from - 1] = from === 1 ? (i <= bound ? i : big) : big;
    let rowMin = cur[from - 1]!;
    const ca = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      const sub = prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = prev[j]! + 1;
      const ins = cur[j - 1]! + 1;
      let v = sub < del ? sub : del;
      if (ins < v) v = ins;
      if (v > big) v = big;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (to < m) cur[to + 1] = big;
    if (rowMin > bound) return big;
    [prev, cur] = [cur, prev];
  }
  const d = prev[m]!;
  return d > bound ? big : d;
}

// ---------------------------------------------------------------------------------------------------------
// LaTeX -> plain text

/** A user macro: `\name` with `args` arguments expanding to `body` (#1..#9 substituted). */
export interface TexMacro {
  args: number;
  body: string;
}

const GREEK: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ϵ',
  varepsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  vartheta: 'ϑ',
  iota: 'ι',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  pi: 'π',
  varpi: 'ϖ',
  rho: 'ρ',
  varrho: 'ϱ',
  sigma: 'σ',
  varsigma: 'ς',
  tau: 'τ',
  upsilon: 'υ',
  phi: 'ϕ',
  varphi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Xi: 'Ξ',
  Pi: 'Π',
  Sigma: 'Σ',
  Upsilon: 'Υ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
  ell: 'l',
  aleph: 'ℵ',
};

/** Commands typeset as their own name in upright letters ("gcd(a, b)", "(mod 5)"). */
const OPERATORS = new Set([
  'gcd',
  'lcm',
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'log',
  'ln',
  'lg',
  'exp',
  'ker',
  'deg',
  'det',
  'dim',
  'max',
  'min',
  'sup',
  'inf',
  'lim',
  'limsup',
  'liminf',
  'arg',
  'hom',
  'Pr',
  'sinh',
  'cosh',
  'tanh',
  'arcsin',
  'arccos',
  'arctan',
]);
const MOD_COMMANDS = new Set(['pmod', 'bmod', 'mod', 'pod']);

/** Commands whose arguments are not text on the page: the command and its arguments are dropped. */
const DROP_WITH_ARGS: Record<string, number> = {
  index: 1,
  label: 1,
  footnote: 1,
  footnotetext: 1,
  hspace: 1,
  vspace: 1,
  includegraphics: 1,
  todo: 1,
  marginpar: 1,
  setcounter: 2,
  addtocounter: 2,
  setlength: 2,
  addcontentsline: 3,
  phantomsection: 0,
  cite: 1,
  ref: 1,
  eqref: 1,
  cref: 1,
  Cref: 1,
  pageref: 1,
  autoref: 1,
  hyperref: 0,
  href: 1,
  vskip: 0,
  hskip: 0,
  kern: 0,
  mkern: 0,
  rule: 2,
  raisebox: 1,
  instructor: 1,
  instructornote: 1,
  glsadd: 1,
  nocite: 1,
  bibliography: 1,
  bibliographystyle: 1,
  columnbreak: 0,
  largerpage: 0,
  // Language Science Press's index commands: \\is, \\il and \\ia only index (\\isi, \\ili print their word).
  is: 1,
  il: 1,
  ia: 1,
  settowidth: 2,
  phantom: 1,
  // A dingbat (pifont's check mark): a glyph, not a letter or digit.
  ding: 1,
};
/** Language Science Press's references: the word the number follows ("Figure 3.2"); \\ref prints nothing. */
const NAMED_REFS: Record<string, string> = {
  figref: 'Figure',
  tabref: 'Table',
  sectref: 'Section',
  chapref: 'Chapter',
};
/** Accent commands -> combining marks (NFC then composes "e\u0301" into "é"). */
const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '"': '\u0308',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  c: '\u0327',
  v: '\u030c',
  u: '\u0306',
  H: '\u030b',
  k: '\u0328',
  r: '\u030a',
};
const ESCAPED = new Set(['{', '}', '%', '$', '&', '#', '_']);

/**
 * Parses macro definitions (`\def\name#1#2{...}`, `\newcommand{\name}[n]{...}`, `\renewcommand`,
 * `\providecommand`) from LaTeX source into `into`.
 */
export function parseTexMacros(src: string, into: Map<string, TexMacro> = new Map()): Map<string, TexMacro> {
  const re =
    /\\(?:def\s*\\([A-Za-z]+|.)((?:#\d)*)|(?:re|provide)?newcommand\*?\s*\{?\\([A-Za-z]+|.)\}?\s*(?:\[(\d)\])?)\s*\{/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    const name = m[1] ?? m[3]!;
    const args = m[1] !== undefined ? (m[2] ?? '').length / 2 : Number(m[4] ?? 0);
    const open = re.lastIndex - 1;
    const close = matchBrace(src, open);
    if (close < 0) continue;
    const body = src.slice(open + 1, close);
    // A definition built on LaTeX's internals (\@startsection, \@typeset@protect) re-plumbs a standard
    // command (\paragraph, \footnote) under \makeatletter; the command keeps its standard reading.
    if (!/\\[A-Za-z]*@/.test(body)) into.set(name, { args, body });
    re.lastIndex = close + 1;
  }
  return into;
}

/** Index of the `}` matching the `{` at `open` (escaped braces skipped), or -1. */
export function matchBrace(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const ch = src[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/**
 * Removes LaTeX comments: an unescaped % to the end of the line. As in TeX, the comment also eats the line
 * break (the next line's leading spaces too), and a line that is only a comment vanishes entirely.
 */
export function stripTexComments(src: string): string {
  const lines = src.split('\n');
  let out = '';
  let joinNext = false;
  for (const line of lines) {
    const m = /(^|[^\\])(\\\\)*%/.exec(line);
    const piece = joinNext ? line.replace(/^[ \t]+/, '') : line;
    if (!m) {
      // An empty line after a comment's line still ends the paragraph, as in TeX.
      out += joinNext && piece === '' ? '\n\n' : piece + '\n';
      joinNext = false;
      continue;
    }
    const cut = line.slice(0, m.index + m[0].length - 1);
    const kept = joinNext ? cut.replace(/^[ \t]+/, '') : cut;
    if (kept.trim() === '' && !joinNext) {
      joinNext = false;
      continue;
    }
    out += kept;
    joinNext = true;
  }
  return out;
}

/** Reads one argument at `i` (after spaces): a braced group or a single token. */
function readArg(src: string, i: number): { text: string; end: number } {
  while (i < src.length && /\s/.test(src[i]!)) i++;
  if (src[i] === '{') {
    const close = matchBrace(src, i);
    if (close < 0) return { text: src.slice(i + 1), end: src.length };
    return { text: src.slice(i + 1, close), end: close + 1 };
  }
  if (src[i] === '\\') {
    const m = /^\\([A-Za-z]+|.)/.exec(src.slice(i));
    const len = m ? m[0].length : 1;
    return { text: src.slice(i, i + len), end: i + len };
  }
  return { text: src.slice(i, i + 1), end: i + 1 };
}

/** Skips an optional `[...]` argument at `i` (after spaces), returning the index after it. */
function skipOptional(src: string, i: number): number {
  let j = i;
  while (j < src.length && (src[j] === ' ' || src[j] === '\t')) j++;
  if (src[j] !== '[') return i;
  let depth = 0;
  for (; j < src.length; j++) {
    if (src[j] === '[') depth++;
    else if (src[j] === ']' && --depth === 0) return j + 1;
  }
  return i;
}

/**
 * Renders LaTeX (text or math) as plain text roughly as the typeset PDF shows it: formatting commands
 * keep their arguments (\emph{x} -> x, \mathbb Z -> Z), Greek letters become Greek glyphs, operator names
 * stay letters (\gcd -> gcd, \pmod{n} -> mod n), symbols (\in, \leq, \cdot, \ldots) vanish (they are not
 * letters or digits, so similarity ignores them anyway), \index/\label/\footnote and references are
 * dropped (references leave nothing: the scorer's similarity tolerates the few missing characters),
 * user macros are expanded. Braces, $, ^, _ and & disappear.
 */
export function texToText(src: string, macros: ReadonlyMap<string, TexMacro> = new Map(), depth = 0): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '%') {
      const nl = src.indexOf('\n', i);
      i = nl < 0 ? src.length : nl + 1;
      continue;
    }
    if (ch === '{' || ch === '}' || ch === '$' || ch === '^' || ch === '_' || ch === '&') {
      out += ch === '&' || ch === '$' ? ' ' : '';
      i++;
      continue;
    }
    if (ch === '~') {
      out += ' ';
      i++;
      continue;
    }
    if (ch !== '\\') {
      out += ch;
      i++;
      continue;
    }
    const m = /^\\([A-Za-z]+|.?)/.exec(src.slice(i, i + 40))!;
    const name = m[1] ?? '';
    i += m[0].length;
    if (name === '') continue;
    if (!/^[A-Za-z]/.test(name)) {
      // One-character commands: escapes, accents, spacing.
      if (ESCAPED.has(name)) out += name === '&' || name === '_' ? ' ' : name;
      else if (name === '-' || name === '/')
        continue; // a discretionary hyphen, an italic correction: no space
      else if (ACCENTS[name] && i < src.length && /[{A-Za-z]/.test(src[i]!)) {
        const arg = readArg(src, i);
        out += texToText(arg.text, macros, depth + 1) + ACCENTS[name];
        i = arg.end;
      } else out += ' ';
      continue;
    }
    const macro = depth < 8 ? macros.get(name) : undefined;
    if (macro) {
      let body = macro.body;
      for (let k = 1; k <= macro.args; k++) {
        const arg = readArg(src, i);
        i = arg.end;
        body = body.split(`#${k}`).join(arg.text);
      }
      out += texToText(body, macros, depth + 1);
      continue;
    }
    if (ACCENTS[name] && name.length === 1) {
      const arg = readArg(src, i);
      out += texToText(arg.text, macros, depth + 1) + ACCENTS[name];
      i = arg.end;
      continue;
    }
    if (name in DROP_WITH_ARGS) {
      i = skipOptional(src, i);
      if (src[i] === '*') i++;
      for (let k = 0; k < DROP_WITH_ARGS[name]!; k++) {
        i = skipOptional(src, i);
        i = readArg(src, i).end;
      }
      // \vskip 2pt, \kern-3mu: drop the dimension too.
      if (DROP_WITH_ARGS[name] === 0) {
        const dim =
          /^\s*-?[\d.]+\s*(pt|mm|cm|in|em|ex|mu|bp|sp|pc)?(\s*plus\s*[\d.]+\w*)?(\s*minus\s*[\d.]+\w*)?/.exec(
            src.slice(i, i + 40),
          );
        if (dim) i += dim[0].length;
      }
      continue;
    }
    if (name === 'node') {
      // TikZ's \\node [options] (name) at (x,y) {text}: only the text is on the page.
      i += /^\s*(?:\[[^\]]*\])?\s*(?:\([^)]*\))?\s*(?:at\s*\([^)]*\))?/.exec(src.slice(i, i + 200))![0]
        .length;
      continue;
    }
    if (NAMED_REFS[name]) {
      out += `${NAMED_REFS[name]} `;
      i = readArg(src, i).end;
      continue;
    }
    if (name === 'begin' || name === 'end') {
      const arg = readArg(src, i);
      i = arg.end;
      // Column specifications of arrays and tabulars are not text.
      if (name === 'begin' && /^(array|tabular\*?|tabularx)$/.test(arg.text)) {
        i = skipOptional(src, i);
        i = readArg(src, i).end;
      }
      out += ' ';
      continue;
    }
    if (GREEK[name]) out += GREEK[name];
    else if (OPERATORS.has(name)) out += ` ${name} `;
    else if (MOD_COMMANDS.has(name)) out += ' mod ';
    else if (name === 'LaTeX') out += 'LaTeX';
    else if (name === 'TeX') out += 'TeX';
    else if (name === 'ss') out += 'ß';
    else if (name === 'o') out += 'ø';
    else if (name === 'i') out += 'ı';
    // Anything else (formatting, symbols, spacing): drop the command, keep any argument as text.
    else out += ' ';
  }
  return depth === 0 ? out.normalize('NFC') : out;
}

/** Collapses whitespace runs to one space and trims. */
export function collapseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
