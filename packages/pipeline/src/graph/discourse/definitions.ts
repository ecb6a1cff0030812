/**
 * Which paragraph defines which term, from the phrasings textbooks define with ("is called a coset",
 * "we say that G is abelian if", "Define the index of H in G to be", "A ring is ... if", "Definition 2.3
 * (Coset)"), and which earlier-defined terms a paragraph uses: a paragraph that uses a term builds on
 * the paragraph that defined it.
 */
import type { GraphParagraph } from '../types.ts';
import { normaliseTerm, termWords } from './terms.ts';

/** A paragraph that defines a term. */
export interface DefinitionSite {
  paragraphId: string;
  order: number;
}

export interface DefinedTerms {
  /** Normalised term ("normal subgroup") -> the paragraphs that define it, in reading order. */
  sites: Map<string, DefinitionSite[]>;
  /** Paragraph id -> the normalised terms it defines. */
  byParagraph: Map<string, string[]>;
}

/** Words that end a term: "the center of G" -> "center", "a prime ideal if ..." -> "prime ideal". */
const TERM_STOPS = new Set(
  (
    'a an the of if in on for and or to by with from at as is are be when whenever where which that than ' +
    'such this these those it its we our you one any all each every some no not only also then there here ' +
    'under over modulo mod between into via whose whether iff denoted written called said provided ' +
    'what how why who'
  ).split(' '),
);

/**
 * Words a term never consists of alone: "is called that", "we say the set is nonempty"; and the words of
 * mathematical writing itself, which an introduction defines ("A theorem is a statement ...") but which
 * every later proof uses without building on that paragraph.
 */
const NOT_TERMS = new Set(
  (
    'true false equal possible same following above below given called said defined known this itself ' +
    'theorem lemma corollary proposition definition proof hypothesis conclusion conjecture axiom claim ' +
    'statement example exercise remark'
  ).split(' '),
);

/**
 * Up to four words of letters, inner hyphens and apostrophes, capitalised or not ("Euler circuit"); a stop word
 * among them ends the term, and more than three words left are a phrase, not a term.
 */
const TERM = String.raw`([A-Za-z][a-z'’-]*[a-z](?: [A-Za-z][a-z'’-]*[a-z]){0,3})`;
const ARTICLE = String.raw`(?:(?:an?|the) )?`;
/** Text that stays inside one sentence. */
const GAP = (max: number): string => String.raw`[^.;:!?]{0,${max}}?`;

/** The start of the paragraph or of one of its sentences. */
const SENTENCE_START = String.raw`(?:^|(?<=[.!?] ))`;

/** What may follow the subject of a defining sentence: "A vector space V over a field F is ...". */
const QUALIFIER = String.raw`(?:of|for|in|on|over|between|with|from|[^\sa-z]|(?!a\b)[A-Za-z]\b)`;
/** One character of a sentence that does not start an "if" (a conditional is the other pattern's). */
const NO_IF = String.raw`(?:(?!\bif\b)[^.;:!?])`;

/** Definition phrasings; the term is each one's first group (flag d: its position is needed). */
const PATTERNS: RegExp[] = [
  // "... is called a permutation group", "subrings called ideals", "is said to be onto or surjective"
  new RegExp(String.raw`\bcalled ${ARTICLE}${TERM}`, 'dg'),
  new RegExp(
    String.raw`\b(?:is|are) (?:then |also |sometimes |often )?(?:termed|known as|referred to as|said to be) ${ARTICLE}${TERM}`,
    'dg',
  ),
  // "the intersection of A and B is defined by", "The order of a group is defined to be"
  new RegExp(String.raw`\b(?:[Tt]he|[Aa]n?) ${TERM}\b${GAP(60)} (?:is|are) defined (?:by|as|to be)\b`, 'dg'),
  // "We call this group the symmetric group on n letters", "we will call each region a face"
  // Greedy: the name is the last article's phrase ("We call the set of all subsets of A the power set").
  new RegExp(String.raw`\b[Ww]e (?:will |shall )?call [^.;:!?]{0,60}\b(?:an?|the) ${TERM}`, 'dg'),
  // "We say that G is abelian if", "we say that the groups are isomorphic"
  new RegExp(String.raw`\b[Ww]e say (?:that )?${GAP(60)}\b(?:is|are) ${ARTICLE}${TERM}`, 'dg'),
  // "Define the index of H in G to be", "we define a left coset of H ... to be"
  new RegExp(String.raw`\b(?:[Ww]e )?[Dd]efine ${ARTICLE}${TERM}${GAP(100)}\bto be\b`, 'dg'),
  // "Definition 2.3 (Coset)"
  new RegExp(String.raw`^Definition(?: [\dA-Z]+(?:\.\d+)*)?\.? ?\(${TERM}\)`, 'dg'),
  // "Definition 3.1. A group is ...", "Definition. An equivalence relation on X is ..."
  new RegExp(
    String.raw`^Definition(?: [\dA-Z]+(?:\.\d+)*)?\.? (?:An?|The) ${TERM}\b${GAP(80)}\b(?:is|are)\b`,
    'dg',
  ),
  // Glossary style: "Tree: A (connected) graph with no cycles.", "Path: A sequence of vertices ..."
  new RegExp(String.raw`^([A-Z][a-z'’-]*[a-z](?: [a-z][a-z'’-]*[a-z]){0,2}): (?:An?|The) `, 'dg'),
  // "A subgroup H of a group G is normal in G if", "A code is a linear code if": the predicate is defined.
  new RegExp(
    String.raw`${SENTENCE_START}An? ${GAP(80)}\b(?:is|are) ${ARTICLE}${TERM}(?: (?:in|of|over|on|with)\b${GAP(30)})? if\b`,
    'dg',
  ),
  // "A binary symmetric channel is a model ...", "A closed formula for a sequence ... is a formula":
  // a paragraph that opens by saying what an X is defines X.
  new RegExp(
    String.raw`${SENTENCE_START}An? ${TERM}(?: ${QUALIFIER}${NO_IF}{0,80}?)? (?:is|are) (?:an?|the) (?!${GAP(80)}\bif\b)`,
    'dg',
  ),
];

/** The term a match names: its words up to the first stop word, and how much of the match they span. */
function cleanTerm(raw: string): { term: string; length: number } | undefined {
  const words: string[] = [];
  for (const word of raw.split(' ')) {
    if (TERM_STOPS.has(word.toLowerCase())) break;
    words.push(word);
  }
  const term = normaliseTerm(words.join(' '));
  if (term.length < 3 || NOT_TERMS.has(term) || termWords(term).length > 3) return undefined;
  return { term, length: words.join(' ').length };
}

/** "onto or surjective", "the range or image": the alternative after "or" names the same idea. */
function alternative(rest: string): string | undefined {
  const match = /^ or (?:(?:an?|the) )?([a-z][a-z'’-]*[a-z](?: [a-z][a-z'’-]*[a-z]){0,2})/.exec(rest);
  return match?.[1] === undefined ? undefined : cleanTerm(match[1])?.term;
}

/** The normalised terms one paragraph's text defines, in text order, without repeats. */
export function definedIn(paragraphText: string): string[] {
  // An ellipsis ("a0, a1, a2, . . . is a formula") does not end a sentence.
  const text = paragraphText.replace(/\.(?: ?\.){2}/g, '…');
  const found: { term: string; index: number }[] = [];
  for (const pattern of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const raw = match[1];
      const start = match.indices?.[1]?.[0];
      if (raw === undefined || start === undefined) continue;
      const cleaned = cleanTerm(raw);
      if (cleaned === undefined) continue;
      found.push({ term: cleaned.term, index: start });
      const other = alternative(text.slice(start + cleaned.length));
      if (other !== undefined) found.push({ term: other, index: start + cleaned.length });
    }
  }
  return [...new Set(found.sort((a, b) => a.index - b.index).map((f) => f.term))];
}

/** The terms each paragraph defines and, per term, where. */
export function findDefinedTerms(paragraphs: readonly GraphParagraph[]): DefinedTerms {
  const sites = new Map<string, DefinitionSite[]>();
  const byParagraph = new Map<string, string[]>();
  for (const paragraph of [...paragraphs].sort((a, b) => a.order - b.order)) {
    const terms = definedIn(paragraph.text);
    if (terms.length === 0) continue;
    byParagraph.set(paragraph.id, terms);
    for (const term of terms) {
      const list = sites.get(term) ?? [];
      list.push({ paragraphId: paragraph.id, order: paragraph.order });
      sites.set(term, list);
    }
  }
  return { sites, byParagraph };
}

/** Whether the word sequence `needle` occurs in `words`. */
function containsRun(words: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= words.length; i++) {
    for (let j = 0; j < needle.length; j++) if (words[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The terms, defined in an earlier paragraph, that this paragraph uses (and does not define itself).
 * A longer term wins over the shorter ones inside it: a paragraph about "normal subgroups" uses
 * "normal subgroup", not also "subgroup" through that phrase.
 */
export function termsUsed(defined: DefinedTerms, paragraph: GraphParagraph): string[] {
  const own = new Set(defined.byParagraph.get(paragraph.id) ?? []);
  const words = termWords(paragraph.text);
  const used: string[] = [];
  const candidates = [...defined.sites.keys()].sort((a, b) => b.split(' ').length - a.split(' ').length);
  for (const term of candidates) {
    if (own.has(term)) continue;
    const sites = defined.sites.get(term) ?? [];
    if (!sites.some((site) => site.order < paragraph.order)) continue;
    const termRun = term.split(' ');
    if (!containsRun(words, termRun)) continue;
    if (used.some((longer) => longer.includes(term) && !occursOutside(words, termRun, longer.split(' '))))
      continue;
    used.push(term);
  }
  return used;
}

/** Whether `term` occurs in `words` other than inside an occurrence of `longer`. */
function occursOutside(
  words: readonly string[],
  term: readonly string[],
  longer: readonly string[],
): boolean {
  const masked = [...words];
  for (let i = 0; i + longer.length <= masked.length; i++) {
    if (longer.every((word, j) => masked[i + j] === word)) masked.fill('', i, i + longer.length);
  }
  return containsRun(masked, term);
}

/** The terms `defining` defines that `user` uses: the evidence that `defining` is background for `user`. */
export function termsUsedFrom(
  defined: DefinedTerms,
  user: GraphParagraph,
  defining: GraphParagraph,
): string[] {
  const terms = new Set(defined.byParagraph.get(defining.id) ?? []);
  if (defining.order >= user.order) return [];
  return termsUsed(defined, user).filter((term) => terms.has(term));
}
