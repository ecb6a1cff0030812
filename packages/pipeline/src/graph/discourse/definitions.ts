/**
 * Which paragraph defines which term, from the phrasings textbooks define with ("is called a coset",
 * "we say that G is abelian if", "Define the index of H in G to be", "A ring is ... if", "Definition 2.3
 * (Coset)"), and which earlier-defined terms a paragraph uses: a paragraph that uses a term builds on
 * the paragraph that defined it.
 */
import { isAdverb, isEverydayWord, isVerbForm } from '../english.ts';
import { contentWords, IDENTIFIER, withoutCode, writtenAsCode } from '../semantic/tokenise.ts';
import type { GlossaryEntry } from '../book-terms/glossary.ts';
import type { GraphParagraph } from '../types.ts';
import { literal } from '../regexp.ts';
import { firstSentence, sentences } from '../sentences.ts';
import { inExercises, inPreview, LETTERED_PART } from './series.ts';
import { normaliseTerm, singular, termWords } from './terms.ts';

/**
 * A sentence that names what was said before it: "This process, called ...", "We call these ...". ("Such
 * a vector is called a root vector" defines: "such" brings the description with it.)
 */
const ANAPHORIC = /^(?:(?:this|these)\s+[\p{L}-]+,|we (?:call|name) (?:this|these|them|it)\b)/iu;
/**
 * A sentence that recalls a definition made before ("We previously mentioned that the virtual mode of the
 * 386 is called protected mode", "Recall that a group is called abelian if"): the reader learnt the term
 * there, not here.
 */
const RECALLED =
  /^(?:recall\b|as (?:we )?(?:have )?(?:previously |already |earlier )?(?:mentioned|saw|seen|noted|said)\b|we (?:have )?(?:previously |already |earlier )?(?:mentioned|saw|seen|noted|said) that\b)/iu;

/** The words of `text` from the start of the sentence that holds `at` up to it. */
function sentenceBefore(text: string, at: number): string {
  const before = text.slice(0, at);
  const end = Math.max(before.lastIndexOf('. '), before.lastIndexOf('? '), before.lastIndexOf('! '));
  return before.slice(end + 1).trimStart();
}

/** A paragraph that opens an example or an exercise: "Example 2", "Exercise 3:", "7. Show that". */
const INSTANCE = /^(?:(?:Example|Exercise|Problem)s?\b|\d{1,3}[.)]\s)/;

/**
 * An example, an exercise, a part of one ("(a) Two different trees ... A tree is a connected graph with no
 * cycles."), any paragraph of a section of exercises, or of one that previews the book's results ("A list
 * of results"): what it defines it states for itself, not for the book.
 */
const isInstance = (paragraph: GraphParagraph) =>
  INSTANCE.test(paragraph.text) ||
  LETTERED_PART.test(paragraph.text) ||
  inExercises(paragraph) ||
  inPreview(paragraph);

/** A paragraph that defines a term. */
export interface DefinitionSite {
  paragraphId: string;
  order: number;
  chapterId: string;
  /**
   * An example's or exercise's paragraph ("Example 2", "Exercise 3", "7. Show that"): what it defines is
   * one instance ("the Hermitian scalar product on the complexification"), for its own section.
   */
  sectionId?: string;
}

export interface DefinedTerms {
  /** Normalised term ("normal subgroup") -> the paragraphs that define it, in reading order. */
  sites: Map<string, DefinitionSite[]>;
  /** Paragraph id -> the normalised terms it defines. */
  byParagraph: Map<string, string[]>;
  /** Normalised term -> the words the book first defines it with ("Newton’s law of cooling"). */
  display: Map<string, string>;
  /** Paragraph id -> the defined terms its text contains, defined before it or not. */
  occurrences: Map<string, string[]>;
  /** Terms whose definition holds in its own chapter only (BookSays.isLocal). */
  local: Set<string>;
  /**
   * Paragraph id -> the terms a sentence of it defines, whether or not the book took it for the term's
   * definition: such a paragraph explains the term itself ("what we call a socket") and is not sent to a
   * definition elsewhere for it.
   */
  claims: Map<string, string[]>;
}

/** A term one paragraph defines, as written there. */
export interface Definition {
  /** Normalised: lower case, singular ("normal subgroup"). */
  term: string;
  /** As the text wrote it ("normal subgroups"). */
  display: string;
}

/** Words that end a term: "the center of G" -> "center", "a prime ideal if ..." -> "prime ideal". */
const TERM_STOPS = new Set(
  (
    'a an the of if in on for and or to by with from at as is are be when whenever where which that than ' +
    'such this these those it its we our you one any all each every some no not only also then there here ' +
    'under over modulo mod between into via whose whether iff denoted written called said provided ' +
    'what how why who another other'
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
    'statement example exercise remark question hint answer solution outline note summary problem case step ' +
    'operation generalization'
  ).split(' '),
);

/**
 * Up to four words of letters, inner hyphens and apostrophes, capitalised or not ("Euler circuit"), a
 * word joining two names ("Levi-Civita symbol"), or after the first an acronym ("marginal PMFs"); a stop
 * word among them ends the term, and more than three words left are a phrase, not a term.
 */
const NAME_WORD = String.raw`[A-Za-z][a-z'’-]*[a-z](?:-[A-Z][a-z'’-]*[a-z])?`;
const TERM = String.raw`(${NAME_WORD}(?: (?:${NAME_WORD}|[A-Z]{2,5}s?)){0,3})`;
const ARTICLE = String.raw`(?:(?:an?|the) )?`;
/** Where a program keeps values, named in its code: "a dictionary called attributes" defines no term. */
const PROGRAM_STORE = String.raw`(?:dictionary|list|variable|array|field|column|directory|folder|table|file)`;
/** A program's call, not a name given: "we call a method on this object", "we call the function with 2". */
export const PROGRAM_CALL = String.raw`(?:(?:an?|the|this|that|our|its|these) )?(?:[\w-]+ )?(?:method|function|constructor|procedure)s? (?:on|with|from|of|in|at|to|and)\b`;
/** Text that stays inside one sentence. */
const GAP = (max: number): string => String.raw`[^.;:!?]{0,${max}}?`;

/**
 * Text that stays inside one sentence and starts no new subject: no "then", "its" or article other than
 * one after a preposition ("The order of a group is defined", not "the observed data x, the likelihood
 * function L is defined"). An article is a word with a space after it, not the operator "Aˆ"; a colon set
 * apart by spaces is a map's ("the transposed operator AˆT : V → V is defined by"), not a clause's end.
 */
const SAME_SUBJECT = (max: number): string =>
  String.raw`(?:(?!\bthen\b|\bits\b|(?<!\b(?:of|in|on|over|for|from|with|to) )\b(?:[Tt]he|[Aa]n?) )(?:[^.;:!?]|(?<= ):(?= ))){0,${max}}?`;

const PREPOSITIONS = new Set('of in on over for from with to between under'.split(' '));

/** The start of the paragraph or of one of its sentences. */
const SENTENCE_START = String.raw`(?:^|(?<=[.!?] ))`;

/** What may follow the subject of a defining sentence: "A vector space V over a field F is ...". */
const QUALIFIER = String.raw`(?:of|for|in|on|over|between|with|from|[^\sa-z]|(?!a\b)[A-Za-z]\b)`;
/** One character of a sentence that does not start an "if" (a conditional is the other pattern's). */
const NO_IF = String.raw`(?:(?!\bif\b)[^.;:!?])`;

/**
 * Definition phrasings; the term is each one's first group (flag d: its position is needed). Those marked
 * `predicate` may name a property instead of a thing ("are said to be similar", "is normal in G if");
 * `subject` takes the subject of "An X is a ..." for the term; `subjectOfVerb` must reach the verb, with
 * nothing but a prepositional phrase between ("The order of a group is defined").
 */
const PATTERNS: { pattern: RegExp; predicate?: true; subject?: true; subjectOfVerb?: true }[] = [
  // "... is called a permutation group", "subrings called ideals", "is said to be onto or surjective";
  // not "what are called cyclic groups", "so-called", "what I have called the passive alloseme" (named
  // before), "a quantity called the leverage which is defined below", nor a program's thing named
  // without an article ("stored in a local dictionary called attributes": a name in the code)
  {
    pattern: new RegExp(
      String.raw`(?<!\bso-|\bwhat (?:is|are) |\b(?:have|has|had|we|I) )\bcalled (?!(?<=\b${PROGRAM_STORE} called )(?!(?:an?|the) ))${ARTICLE}(?!${GAP(60)}\b(?:defined|introduced|explained|discussed) (?:below|later|in (?:the )?(?:next|following|Section|Chapter))\b)${TERM}`,
      'dg',
    ),
    predicate: true,
  },
  {
    pattern: new RegExp(
      String.raw`\b(?:is|are) (?:then |also |sometimes |often )?(?:termed|known as|referred to as|said to be) ${ARTICLE}${TERM}`,
      'dg',
    ),
    predicate: true,
  },
  // "the intersection of A and B is defined by", "The order of a group is defined to be"; not a program's
  // declaration ("the global variable is defined as a GLOBAL")
  {
    subjectOfVerb: true,
    pattern: new RegExp(
      String.raw`\b(?:[Tt]he|[Aa]n?) ${TERM}\b${SAME_SUBJECT(60)} (?:is|are) defined (?:by|as|to be)\b(?! (?:an? |the )?[A-Z_]{2,}\b)`,
      'dg',
    ),
  },
  // "We call this group the symmetric group on n letters", "we will call each region a face"
  // Greedy: the name is the last article's phrase ("We call the set of all subsets of A the power set").
  // Not "If we call the first term a, then" (no name), "Later we will call this ..." (a pointer), across
  // a clause ("We call this unordered sampling (in contrast to ordered) because the order ..."), nor a
  // phrase of place ("what we call truncation towards zero on the number line" names no number line), nor
  // past a comma ("When we call make_withdraw, we bind the name balance": a program's call).
  {
    pattern: new RegExp(
      String.raw`(?<!\b[Ll]ater,? )\b[Ww]e (?:will |shall )?call (?!${PROGRAM_CALL})(?:(?!\b(?:because|since|when|while|although|so|but)\b)[^.,;:!?]){1,60}(?<!\b(?:on|in|at|of|to|towards|from|into|onto|by|with|for|over|under) )\b(?:an?|the) ${TERM}`,
      'dg',
    ),
  },
  // "We say that G is abelian if", "we say that the groups are isomorphic"
  {
    pattern: new RegExp(String.raw`\b[Ww]e say (?:that )?${GAP(60)}\b(?:is|are) ${ARTICLE}${TERM}`, 'dg'),
    predicate: true,
  },
  // "Define the index of H in G to be", "we define a left coset of H ... to be"
  { pattern: new RegExp(String.raw`\b(?:[Ww]e )?[Dd]efine ${ARTICLE}${TERM}${GAP(100)}\bto be\b`, 'dg') },
  // "Definition 2.3 (Coset)"
  { pattern: new RegExp(String.raw`^Definition(?: [\dA-Z]+(?:\.\d+)*)?\.? ?\(${TERM}\)`, 'dg') },
  // "Definition 3.1. A group is ...", "Definition. An equivalence relation on X is ..."
  {
    pattern: new RegExp(
      String.raw`^Definition(?: [\dA-Z]+(?:\.\d+)*)?\.? (?:An?|The) ${TERM}\b${GAP(80)}\b(?:is|are)\b`,
      'dg',
    ),
  },
  // Glossary style: "Tree: A (connected) graph with no cycles.", "Path: A sequence of vertices ..."
  {
    pattern: new RegExp(String.raw`^([A-Z][a-z'’-]*[a-z](?: [a-z][a-z'’-]*[a-z]){0,2}): (?:An?|The) `, 'dg'),
  },
  // "A subgroup H of a group G is normal in G if", "A code is a linear code if": the predicate is defined.
  {
    pattern: new RegExp(
      String.raw`${SENTENCE_START}An? ${GAP(80)}\b(?:is|are) ${ARTICLE}${TERM}(?: (?:in|of|over|on|with)\b${GAP(30)})? if\b`,
      'dg',
    ),
    predicate: true,
  },
  // "A binary symmetric channel is a model ...", "A closed formula for a sequence ... is a formula":
  // a paragraph that opens by saying what an X is defines X; not one that only names its kind ("A
  // Complex number is a Number, and ...", "A web address is a piece of data, and ...": no difference told;
  // "A scalar product in V is a nondegenerate, positive-definite, ..." goes on telling it).
  {
    subject: true,
    pattern: new RegExp(
      String.raw`${SENTENCE_START}An? ${TERM}(?: ${QUALIFIER}${NO_IF}{0,80}?)? (?:is|are) (?:an?|the) (?!${GAP(80)}\bif\b)(?!(?:(?:piece|kind|sort|type|part) of )?[A-Za-z-]+(?:[.;:](?:\s|$)|,\s(?:and|but|or|so|which|that|it)\b))`,
      'dg',
    ),
  },
];

/** Counts after "of" say how many, not what: "the scalar product of two vectors". */
const NUMBER_WORDS = new Set('two three four five six seven eight nine ten several many'.split(' '));

/** The term a match names: its words up to the first stop word, and how much of the match they span. */
function cleanTerm(raw: string): { term: string; display: string; length: number } | undefined {
  const words: string[] = [];
  const parts = raw.split(' ');
  for (const [i, word] of parts.entries()) {
    // "the ring of integers", "the nth roots of unity" go on naming; "the center of G" stops at "of".
    const next = parts[i + 1] ?? '';
    const named =
      word === 'of' &&
      words.length > 0 &&
      /^[a-z]{3,}$/.test(next) &&
      !TERM_STOPS.has(next) &&
      !NUMBER_WORDS.has(next) &&
      !isVerbForm(next);
    if (!named && TERM_STOPS.has(word.toLowerCase())) break;
    words.push(word);
  }
  const display = words.join(' ');
  const term = normaliseTerm(display);
  const contentWordCount = termWords(term).filter((w) => w !== 'of').length;
  if (term.length < 3 || NOT_TERMS.has(term) || contentWordCount > 3 || isAdverb(term)) return undefined;
  // A name ends on what it names, not on a word of grammar ("functions within") nor opens on a count
  // ("multiple times").
  const last = words.at(-1) ?? '';
  if (contentWords(last).length === 0 || /^(?:multiple|several|many|various|some)$/i.test(words[0] ?? ''))
    return undefined;
  // Nor on a verb: "An error occurs if ..." defines when something happens, no "error occurs".
  if (/[^s]s$/.test(last) && isVerbForm(last)) return undefined;
  return { term, display, length: display.length };
}

/**
 * Whether the noun phrase goes on past the term, so the term is only part of the name: "main_GUI",
 * "Crank-Nicolson", "prog.py", "the discrete L2 norm", "the overall F statistic" (a symbol and then more
 * words). A definition of part of a name would match every other phrase that starts the same way.
 */
function phraseGoesOn(after: string): boolean {
  if (/^[_\-–.]?\p{L}/u.test(after)) return true;
  const word = /^\s+(?:[\p{L}\p{N}]{1,2}|\p{L}*\p{N}[\p{L}\p{N}]*)\s+(\p{Ll}{3,})\b/u.exec(after)?.[1];
  // "a group G with ...", "a ring R satisfying ...", "the set S can ...": the symbol names the thing.
  return word !== undefined && !TERM_STOPS.has(word) && !AUXILIARIES.has(word) && !isVerbForm(word);
}

/** Verbs that may follow a symbol and are no inflected form: "the set S can be", "a map f must". */
const AUXILIARIES = new Set('can may must will would should could shall has have had does do'.split(' '));

/** "onto or surjective", "the range or image": the alternative after "or" names the same idea. */
function alternative(rest: string): { term: string; display: string } | undefined {
  const match = /^ or (?:(?:an?|the) )?([a-z][a-z'’-]*[a-z](?: [a-z][a-z'’-]*[a-z]){0,2})/.exec(rest);
  return match?.[1] === undefined ? undefined : cleanTerm(match[1]);
}

/**
 * The noun a defined property is said of: the last word of the subject that opens the clause before the
 * verb. "Two matrices that are equivalent ... are said to be similar" -> "matrices"; "A subgroup H of a
 * group G is normal" -> "subgroup"; "..., then f is said to be onto" -> none (a symbol is no noun).
 */
function headNoun(before: string): string | undefined {
  const sentence = before.split(/[.;:!?]\s/).at(-1) ?? '';
  const clause = sentence.split(/,\s*/).at(-1) ?? '';
  const subject = /^\s*(?:an?|the|two|every|each|any|all|some|such)\s+((?:\p{Ll}[\p{Ll}'’-]*\s+)*)/iu.exec(
    clause,
  );
  const run: string[] = [];
  for (const word of (subject?.[1] ?? '').split(/\s+/)) {
    if (TERM_STOPS.has(word)) break;
    run.push(word);
  }
  const words = contentWords(run.join(' ')).filter(({ word }) => !isVerbForm(word) && !isAdverb(word));
  return words.at(-1)?.surface;
}

/**
 * A property named by an everyday word ("similar", "normal", "perfect") is a term of the book only with
 * the noun it is said of ("similar matrices", "normal subgroup"): alone, it is the everyday word.
 */
function withHeadNoun(definition: Definition, text: string, start: number): Definition | undefined {
  const hasArticle = /\b(?:an?|the) $/i.test(text.slice(0, start));
  const isPlural = singular(definition.term) !== definition.term || /s$/.test(definition.display);
  if (hasArticle || isPlural || definition.term.includes(' ') || !isEverydayWord(definition.term))
    return definition;
  const head = headNoun(text.slice(0, start));
  if (head === undefined) return undefined;
  const display = `${definition.display} ${head}`;
  return { term: normaliseTerm(display), display };
}

/** Whether "X is a Y." only names X's kind with one word before the same noun ("a compound statement"). */
function sameThingOnlyQualified(term: string, rest: string): boolean {
  const head = term.split(' ').at(-1)?.toLowerCase();
  const kind = /^[^.;:!?]*?\b(?:is|are) (?:an?|the) ([\p{L}-]+) ([\p{L}-]+)[.;:,](?:\s|$)/u.exec(rest);
  return head !== undefined && kind !== null && singular(kind[2]!.toLowerCase()) === singular(head);
}

/** A clause that sets a condition: what follows says what happens in that case, not what a term is. */
const CONDITION = /\b(?:if|when|whenever|unless)\b/i;

/** What one paragraph's text defines, in text order, without repeats. */
export function definitionsIn(paragraphText: string): Definition[] {
  // An ellipsis ("a0, a1, a2, . . . is a formula") does not end a sentence.
  const text = paragraphText.replace(/\.(?: ?\.){2}/g, '…');
  const found: (Definition & { index: number })[] = [];
  for (const { pattern, predicate, subject, subjectOfVerb } of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const raw = match[1];
      const start = match.indices?.[1]?.[0];
      if (raw === undefined || start === undefined) continue;
      let cleaned = cleanTerm(raw);
      if (cleaned === undefined) continue;
      // "It is called the Executable and Linker Format": a name in capitals is whole or nothing.
      if (/^\p{Lu}/u.test(cleaned.display) && /^ (?:and|of|for|or) \p{Lu}/u.test(raw.slice(cleaned.length)))
        continue;
      // "a linear operator then its transpose is defined": the term stopped short of the verb's subject.
      const cutAt = raw.slice(cleaned.length).trim().split(' ')[0] ?? '';
      if (subjectOfVerb && cutAt !== '' && !PREPOSITIONS.has(cutAt)) continue;
      // "if this field is PT_INTERP the header is defined as meaning ...": what a case makes of it.
      if (subjectOfVerb && CONDITION.test(sentenceBefore(text, match.index))) continue;
      let rest = text.slice(start + cleaned.length);
      // "a root vector of order k": the name stops before "of" and what a symbol counts.
      const beforeOf = / of \S+$/.exec(cleaned.display);
      if (beforeOf !== null && /^\s+[\p{L}\p{N}]{1,2}\b/u.test(rest)) {
        const shorter = cleanTerm(cleaned.display.slice(0, beforeOf.index));
        if (shorter === undefined) continue;
        cleaned = shorter;
        rest = text.slice(start + cleaned.length);
      }
      if (cleaned.length === raw.length && phraseGoesOn(rest)) continue;
      // "An application of the principle is ...", "A measure of the spread is ...": the thing defined
      // is what the everyday word is of, not the word.
      if (subject && !cleaned.term.includes(' ') && isEverydayWord(cleaned.term) && rest.startsWith(' of '))
        continue;
      // "A def statement is a compound statement.": a kind of the same thing, told by one word, says
      // where the term belongs, not what it is.
      if (subject && sameThingOnlyQualified(cleaned.display, rest)) continue;
      const definitions = [cleaned, alternative(rest)].flatMap((d) => {
        if (d === undefined) return [];
        const whole = predicate ? withHeadNoun(d, text, start) : d;
        return whole === undefined ? [] : [whole];
      });
      // "This process, called dynamic linking, ...", "We call these layers the memory hierarchy": a name
      // given to what an earlier sentence said, not a definition a reader could learn the term from; nor
      // is a definition recalled ("We previously mentioned that ... is called protected mode").
      const opening = sentenceBefore(text, start);
      if (ANAPHORIC.test(opening) || RECALLED.test(opening)) continue;
      for (const d of definitions) found.push({ ...d, index: start });
    }
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.index - b.index)
    .filter((d) => !seen.has(d.term) && seen.add(d.term))
    .map(({ term, display }) => ({ term, display }));
}

/**
 * An everyday word the book uses before defining it about as often as after ("measure", "number",
 * "object") is one it takes for granted, whatever sentence looked like its definition: past this many
 * earlier uses, and at more than a third of the later rate. (A book's own terms are often used before
 * their formal definition too, so the test is only for everyday words.)
 */
const EARLY_USES = 2;
const LATER_RATE_FACTOR = 3;
/**
 * Any term the book uses this many times before a sentence that seems to define it, and more often there
 * than after it, is one the book takes as known by then: that paragraph is not where a reader learns it
 * (linalg's "multiplication" and "covector", used all through its first chapters, "defined" much later).
 */
const MANY_EARLY_USES = 10;

/** The terms each paragraph defines and, per term, where. */
export interface BookSays {
  /** The entries of the book's glossaries: each defines its term. */
  glossary?: readonly GlossaryEntry[];
  /** Whether the book lets a term the text seems to define be one (its index's say); any by default. */
  isTerm?: (term: string) => boolean;
  /** Whether a paragraph may be where the term is defined (on a page its index gives); any by default. */
  isSite?: (term: string, paragraph: GraphParagraph) => boolean;
  /**
   * Whether a term's definition holds in its own chapter only: an everyday word a chapter gives a sense
   * ("event" of a GUI chapter, "block" of one on conditionals) has other senses elsewhere. None by default.
   */
  isLocal?: (term: string) => boolean;
}

export function findDefinedTerms(
  paragraphs: readonly GraphParagraph[],
  { glossary = [], isTerm = () => true, isSite = () => true, isLocal = () => false }: BookSays = {},
): DefinedTerms {
  const inOrder = [...paragraphs].sort((a, b) => a.order - b.order);
  const sites = new Map<string, DefinitionSite[]>();
  const display = new Map<string, string>();
  const definedBy = new Map<string, string[]>();
  const entries = new Map<string, string[]>();
  for (const { paragraphId, term } of glossary)
    entries.set(paragraphId, [...(entries.get(paragraphId) ?? []), term]);
  const glossaryTerms = new Set(glossary.map((entry) => normaliseTerm(entry.term)));
  const claims = new Map<string, string[]>();
  for (const paragraph of inOrder) {
    const entry = entries.get(paragraph.id);
    const found = entry === undefined ? definitionsIn(paragraph.text) : [];
    if (found.length > 0)
      claims.set(
        paragraph.id,
        found.map((d) => d.term),
      );
    const definitions =
      entry === undefined
        ? found.filter((d) => isSite(d.term, paragraph))
        : entry.map((term) => ({ term: normaliseTerm(term), display: term }));
    if (definitions.length === 0) continue;
    definedBy.set(
      paragraph.id,
      definitions.map((d) => d.term),
    );
    for (const { term, display: words } of definitions) {
      const list = sites.get(term) ?? [];
      list.push({
        paragraphId: paragraph.id,
        order: paragraph.order,
        chapterId: paragraph.chapterId,
        ...(isInstance(paragraph) ? { sectionId: paragraph.sectionId } : {}),
      });
      sites.set(term, list);
      if (!display.has(term)) display.set(term, words);
    }
  }
  const occurrences = findOccurrences(inOrder, [...sites.keys()]);
  // A glossary says what the book's terms are, whatever the text did with them before.
  const dropped = [
    ...takenForGranted(inOrder, occurrences, sites),
    ...identifiers(inOrder, sites),
    ...[...sites.keys()].filter((term) => !isTerm(term)),
  ];
  for (const term of dropped.filter((t) => !glossaryTerms.has(t))) {
    sites.delete(term);
    display.delete(term);
  }
  const byParagraph = new Map<string, string[]>();
  for (const [id, terms] of definedBy) {
    const kept = terms.filter((term) => sites.has(term));
    if (kept.length > 0) byParagraph.set(id, kept);
  }
  for (const [id, terms] of occurrences)
    occurrences.set(
      id,
      terms.filter((term) => sites.has(term)),
    );
  return {
    sites,
    byParagraph,
    display,
    occurrences,
    local: new Set([...sites.keys()].filter(isLocal)),
    claims,
  };
}

/**
 * The one-word terms the book writes as code at least as often as as words: a program's names ("a column
 * called probs", with "sum(probs)" and "Prob(A)" around it in ipsur), not English terms.
 */
function identifiers(paragraphs: readonly GraphParagraph[], sites: ReadonlyMap<string, unknown>): string[] {
  const single = new Set([...sites.keys()].filter((term) => !term.includes(' ')));
  const asCode = new Map<string, number>();
  const asWord = new Map<string, number>();
  for (const { text } of paragraphs) {
    for (const match of text.matchAll(IDENTIFIER)) {
      const key = termWords(match[0])[0];
      if (key === undefined || !single.has(key)) continue;
      const code = match[0].includes('_') || writtenAsCode(text, match.index, match.index + match[0].length);
      const counts = code ? asCode : asWord;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...single].filter((term) => (asCode.get(term) ?? 0) >= Math.max(asWord.get(term) ?? 0, 1));
}

/** The terms the book takes as known where it seems to define them (EARLY_USES, MANY_EARLY_USES). */
function takenForGranted(
  inOrder: readonly GraphParagraph[],
  occurrences: Map<string, string[]>,
  sites: Map<string, DefinitionSite[]>,
): string[] {
  const uses = new Map<string, number[]>();
  inOrder.forEach((paragraph, position) => {
    for (const term of occurrences.get(paragraph.id) ?? []) {
      const list = uses.get(term) ?? [];
      list.push(position);
      uses.set(term, list);
    }
  });
  const positionOf = new Map(inOrder.map((p, i) => [p.id, i]));
  const out: string[] = [];
  for (const [term, termSites] of sites) {
    const first = positionOf.get(termSites[0]!.paragraphId)!;
    const at = uses.get(term) ?? [];
    const before = at.filter((position) => position < first).length;
    const after = at.filter((position) => position > first).length;
    const earlierRate = before / Math.max(first, 1);
    const laterRate = after / Math.max(inOrder.length - first - 1, 1);
    const everyday = !term.includes(' ') && isEverydayWord(term);
    const known = everyday
      ? before > EARLY_USES && earlierRate > laterRate / LATER_RATE_FACTOR
      : before >= MANY_EARLY_USES && earlierRate > laterRate;
    if (known) out.push(term);
  }
  return out;
}

/**
 * Per paragraph, the terms its text contains. A longer term wins over the shorter ones inside it: a
 * paragraph about "normal subgroups" uses "normal subgroup", not also "subgroup" through that phrase.
 */
function findOccurrences(paragraphs: readonly GraphParagraph[], terms: string[]): Map<string, string[]> {
  const longestFirst = [...terms].sort((a, b) => b.split(' ').length - a.split(' ').length);
  const byFirstWord = new Map<string, string[]>();
  for (const term of longestFirst) {
    const first = term.split(' ')[0]!;
    byFirstWord.set(first, [...(byFirstWord.get(first) ?? []), term]);
  }
  const occurrences = new Map<string, string[]>();
  for (const paragraph of paragraphs) {
    // "Prob(A)" and "solver_memsave" use no term "prob" or "solver"; "a tree. Recursion" uses no "tree
    // recursion": an empty word stands between sentences, where no term runs on.
    const words = sentences(withoutCode(paragraph.text)).flatMap((sentence, i) => [
      ...(i === 0 ? [] : ['']),
      ...termWords(sentence),
    ]);
    const present = new Set<string>();
    for (const word of new Set(words))
      for (const term of byFirstWord.get(word) ?? [])
        if (countRuns(words, term.split(' ')) > 0) present.add(term);
    const used: string[] = [];
    for (const term of longestFirst) {
      if (!present.has(term)) continue;
      const run = term.split(' ');
      if (used.some((longer) => longer.includes(term) && !occursOutside(words, run, longer.split(' '))))
        continue;
      used.push(term);
    }
    occurrences.set(paragraph.id, used);
  }
  return occurrences;
}

/**
 * The terms, defined in an earlier paragraph, that this paragraph uses (and does not define itself).
 */
export function termsUsed(defined: DefinedTerms, paragraph: GraphParagraph): string[] {
  const own = new Set([
    ...(defined.byParagraph.get(paragraph.id) ?? []),
    ...(defined.claims.get(paragraph.id) ?? []),
  ]);
  return (defined.occurrences.get(paragraph.id) ?? []).filter(
    (term) => !own.has(term) && definitionFor(defined, term, paragraph) !== undefined,
  );
}

/**
 * Whether a paragraph names a term without building on it: once, outside its first sentence, in a
 * paragraph of several ("algorithm" once in a tip on print debugging), or a one-word term only as a verb
 * ("we might prompt the user" is no use of the prompt, a visual cue). A phrase is specific enough once,
 * unless `evenPhrases`: a glossary's one-line entry serves a paragraph that is about its term, not one
 * that names "function definition" in an aside.
 */
export function namesInPassing(text: string, term: string, evenPhrases = false): boolean {
  const run = term.split(' ');
  if (run.length > 1 && !evenPhrases) return false;
  if (run.length === 1 && asVerbOnly(text, term)) return true;
  if (countRuns(termWords(withoutCode(text)), run) >= 2) return false;
  const first = firstSentence(text);
  return first !== text && countRuns(termWords(withoutCode(first)), run) === 0;
}

/**
 * Whether a paragraph shares a content word besides the term with the glossary entry that defines it.
 * An entry is a line or two naming what the term is about ("loop body: the statements inside a loop";
 * "singleton: a linked list with a single node"); a paragraph of another chapter with none of those
 * words uses the word in another sense ("a singleton tree") or only in passing (simplified Lesk: a
 * sense is told by the words its gloss shares with the context).
 */
export function sharesGlossWords(text: string, entry: string, term: string): boolean {
  const termKeys = new Set(termWords(term).map(singular));
  const keysOf = (t: string) =>
    new Set(
      contentWords(withoutCode(t))
        .map(({ word }) => singular(word))
        .filter((key) => !termKeys.has(key)),
    );
  const inText = keysOf(text);
  return [...keysOf(entry)].some((key) => inText.has(key));
}

/** Words under which a paragraph that names a phrase is about it ("The state snapshot here looks like this:"). */
const ABOUT_ITS_PHRASE_WORDS = 20;

/**
 * Whether a paragraph of another chapter reads a glossary entry's term in the entry's sense: it shares
 * a word of the gloss, or it is a short paragraph, not itself an entry, about a phrase ("If you give a
 * variable an illegal name, you get a syntax error:"). A longer one names a phrase in passing
 * ("compressing a text file" is no use of "text file A file that contains printable characters organized
 * into lines"), as an entry does within its gloss ("token ... such as the words in a natural language").
 */
export function readsInGlossSense(text: string, entry: string, term: string, isEntry: boolean): boolean {
  if (sharesGlossWords(text, entry, term)) return true;
  return term.includes(' ') && !isEntry && text.split(/\s+/).length < ABOUT_ITS_PHRASE_WORDS;
}

/** How often the word sequence `run` occurs in `words`. */
export function countRuns(words: readonly string[], run: readonly string[]): number {
  let count = 0;
  for (let i = 0; i + run.length <= words.length; i++)
    if (run.every((word, j) => words[i + j] === word)) count++;
  return count;
}

/** Words before a verb ("to", "we", "will") and words that open its object ("the", "them"). */
const BEFORE_VERB = 'to|we|you|they|I|will|would|can|could|may|might|must|should|shall|then|and|or';
const OBJECT = 'the|a|an|them|it|him|her|us|you|me|your|their|our|its|this|that|these|those|each|every';

/** Whether every occurrence of a one-word term stands as a verb with an object ("we might prompt the user"). */
function asVerbOnly(text: string, term: string): boolean {
  const word = literal(term);
  const all = text.match(new RegExp(String.raw`\b${word}(?:e?s|ed|ing)?\b`, 'giu'))?.length ?? 0;
  const verbs =
    text.match(new RegExp(String.raw`\b(?:${BEFORE_VERB}) ${word}(?:e?s|ed)? (?:${OBJECT})\b`, 'giu'))
      ?.length ?? 0;
  return all > 0 && verbs === all;
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
  return countRuns(masked, term) > 0;
}

/** The terms `defining` defines that `user` uses: the evidence that `defining` is background for `user`. */
export function termsUsedFrom(
  defined: DefinedTerms,
  user: GraphParagraph,
  defining: GraphParagraph,
): string[] {
  return termsUsed(defined, user).filter(
    (term) => definitionFor(defined, term, user)?.paragraphId === defining.id,
  );
}

/**
 * Where a paragraph that uses a term finds its definition: the nearest one before it in its own chapter
 * (for the text, one the book gives before one an example gave for its instance), else the book's first (unless the term's definition holds in its chapter only). A glossary entry is a
 * definition like any other: it serves what comes after it, not the text of its chapter that it recaps. A book defines a word again for another object ("isomorphic" series after
 * isomorphic groups, "addition modulo n" after addition); the first definition is the term's own, and a
 * chapter's is the sense that chapter uses.
 */
export function definitionFor(
  defined: DefinedTerms,
  term: string,
  user: GraphParagraph,
): DefinitionSite | undefined {
  const all = (defined.sites.get(term) ?? []).filter(
    (site) => site.sectionId === undefined || site.sectionId === user.sectionId,
  );
  const sites = defined.local.has(term) ? all.filter((site) => site.chapterId === user.chapterId) : all;
  const before = sites.filter((site) => site.order < user.order);
  const inChapter = before.filter((site) => site.chapterId === user.chapterId);
  // For the text, the book's own definition before one an example gave for its instance (linalg 5.6: "A
  // Hermitian scalar product is ..." before Example 2's on the complexification of V); an exercise's part
  // or an example keeps the one its own section gave.
  const own = isInstance(user) ? undefined : inChapter.filter((site) => site.sectionId === undefined).at(-1);
  return own ?? inChapter.at(-1) ?? before[0];
}
