/**
 * Which words of a book can show that two of its paragraphs share a topic: content words that are rare
 * in the book (a word on every tenth paragraph, "group" in an algebra book, links everything), that
 * name a thing or a property (not an inflected verb such as "contains" or an adverb such as "strongly"),
 * and that are English, not a program's identifier ("argv", "tol", "binom": words used mostly in
 * listings or written as code in the prose, "sys.argv", "binom(size = n)").
 */
import { commonInBookAbove, isAdverb, isVerbForm, SPOKEN_WORDS, spokenCount } from '../english.ts';
import { sharedTermsMatcher, termKey, wordKeys } from './shared-terms.ts';
import { contentWords, IDENTIFIER, writtenAsCode } from './tokenise.ts';

/**
 * A word the book uses no more than this many times as often as everyday speech does ("when", "clear",
 * "long", "general") is the book's English, not its subject ("homomorphism", "deviation", "coin").
 */
const MIN_KEYNESS = 10;

/** The words of academic writing on any subject, which speech uses less but say nothing of a topic. */
const GENERIC_WORDS = new Set(
  (
    'arbitrary useful possible general particular various important usual specific different similar ' +
    'whole basic common appropriate convenient easy easier difficult trivial obvious interesting often ' +
    'impact approach purpose aspect context typical typically respect detail details mathematical ' +
    'expression term terms fashion manner type types work works implementation functionality user users ' +
    'comparison comparisons concept concepts topic topics parentheses parenthesis ' +
    'symbol object observation ' +
    // Words of computing any book with programs uses, whatever its subject.
    'software computer project version package ' +
    // The words of stating and arguing.
    'hand result deduce conclude distinction calculate reads simpler consistent possess efficient ' +
    'scientific computation text command unknown ' +
    // Verbs of doing mathematics and programming, in the forms the verb test lets through.
    'specify solve require choose convert contribute multiply compute apply obtain determine denote satisfy ' +
    'consist contain describe represent involve produce provide allow lead implement perform verify ' +
    'construct define derive combine combines exclude equal store stores extract extracts ' +
    // Qualities any mathematical object may have.
    'nonzero nonnegative distinct unique respective corresponding'
  ).split(' '),
);

/**
 * Words of mathematical and technical writing that name an idea only with the noun they qualify or are
 * qualified by: "finite fields", "zero divisor", "smallest subgroup", "binary operation", "numerical
 * method", not "finite", "zero" or "method" alone.
 */
const NOT_ALONE = new Set(
  (
    'finite infinite zero nontrivial sufficient necessary smallest largest operation calculation ' +
    'interpretation method equation reader equivalent pair power square bracket information standard ' +
    'data quantity form size order independent experiment function integer solution output logical ' +
    'property abstract discrete continuous formal physical'
  ).split(' '),
);

/**
 * Words of grammar the stop-word list leaves in ("its", "does", "not", "below"): glue, inside a phrase or
 * alone.
 */
const GLUE_WORDS = new Set(
  (
    'its does did doing done not nor when why where what which who whom whose how below above inside ' +
    'outside under over into onto upon within without between among through during before after since ' +
    'until while although though because unless whether either neither both each every all any some such ' +
    'only just also even still yet very too much many more most less least few several other another own ' +
    'here there then thus hence therefore'
  ).split(' '),
);

/**
 * Two paragraphs share a topic when they share at least this many ideas, one of them a term the book
 * itself marks: a phrase, a word of its headings, or a term it defines. "coin" and "toss", or "elements"
 * and "integer", alone are scenery.
 */
const MIN_SHARED_IDEAS = 2;

export interface TopicWords {
  /** Whether the word (by its key, termKey, and as written, lower-cased) can carry a topic of the book. */
  isTopicWord(key: string, word: string): boolean;
  /** The ideas two paragraphs share in topic words (phrases first, then the rarest words), when enough. */
  sharedTopic(a: string, b: string): string[] | undefined;
}

/**
 * Letters only, none of them a modifier ("Aˆ" is a symbol with a hat), and four or more unless an
 * acronym ("MGF"): "mod", "exp", "lim", "qed" are notation, not words.
 */
const WRITTEN_AS_A_WORD = /^(?:[\p{Ll}\p{Lu}]{4,}|\p{Lu}{2,})$/u;
/** Letters of one script: "λiei" (λ_i e_i run together) is a formula. */
const ONE_SCRIPT = /^(?:\p{Script=Latin}+|\p{Script=Greek}+)$/u;
/** Two letters with one index each, run together: "anxn" (a_n x_n), "bmxm". */
const INDEXED_PAIR = /^(\p{L})(\p{Ll})(\p{L})\2$/u;
/**
 * A word spoken this often or more ("group", "field", "line", "elements", "choices") has too many senses
 * to show a shared topic on its own, unless the book names it in a heading; in a phrase ("splitting
 * field") it still does.
 */
const TOO_COMMON_ALONE = 300;

export interface BookVocabulary {
  prose: readonly string[];
  code: readonly string[];
  /** The book's chapter and section titles. */
  headings: readonly string[];
  /** The terms the book defines, normalised ("left coset"). */
  definedTerms: Iterable<string>;
}

export function bookTopicWords({ prose, code, headings, definedTerms }: BookVocabulary): TopicWords {
  const headingWords = new Set(headings.flatMap((heading) => wordKeys(heading)));
  const terms = new Set(definedTerms);
  const paragraphsWith = new Map<string, number>();
  /** Uses of each word as written, lower-cased: "does" is not the plural of "doe". */
  const uses = new Map<string, number>();
  let words = 0;
  const asCode = new Map<string, number>();
  const asWord = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const text of prose) {
    const keys = new Set<string>();
    for (const match of text.matchAll(IDENTIFIER)) {
      for (const part of match[0].split('_')) {
        if (contentWords(part).length === 0) continue;
        const key = termKey(part);
        keys.add(key);
        add(uses, part.toLowerCase());
        words++;
        add(
          writtenAsCode(text, match.index, match.index + match[0].length) || part !== match[0]
            ? asCode
            : asWord,
          key,
        );
      }
    }
    for (const key of keys) add(paragraphsWith, key);
  }
  for (const text of code)
    for (const match of text.matchAll(IDENTIFIER))
      for (const part of match[0].split('_')) if (contentWords(part).length > 0) add(asCode, termKey(part));

  const commonAbove = commonInBookAbove(prose.length);
  const keyness = (word: string) =>
    (uses.get(word) ?? 0) / Math.max(words, 1) / ((spokenCount(word) + 1) / SPOKEN_WORDS);
  // A word that may stand in a phrase of the book's ideas ("left" of "left cosets")...
  const isPhraseWord = (key: string, word: string) =>
    /^[\p{Ll}\p{Lu}]+$/u.test(word) &&
    !GLUE_WORDS.has(word) &&
    !GENERIC_WORDS.has(word) &&
    !GENERIC_WORDS.has(key) &&
    (asCode.get(key) ?? 0) < Math.max(asWord.get(key) ?? 0, 1) &&
    !isAdverb(word);
  // ... and one that may stand for an idea alone (a participle may qualify one: "left cosets").
  const isTopicWord = (key: string, word: string) =>
    isPhraseWord(key, word) &&
    // By the word as written too: the key of "data" is "datum".
    !NOT_ALONE.has(key) &&
    !NOT_ALONE.has(word) &&
    !isVerbForm(word) &&
    WRITTEN_AS_A_WORD.test(word) &&
    ONE_SCRIPT.test(word) &&
    !(INDEXED_PAIR.test(word) && spokenCount(word) === 0) &&
    (paragraphsWith.get(key) ?? 0) <= commonAbove &&
    keyness(word) >= MIN_KEYNESS;
  const sharedIdeas = sharedTermsMatcher({
    isTopicWord,
    isPhraseWord,
    compareWords: (x, y) =>
      (paragraphsWith.get(x.key) ?? 0) - (paragraphsWith.get(y.key) ?? 0) || x.key.localeCompare(y.key),
  });
  return {
    isTopicWord,
    sharedTopic(a, b) {
      const ideas = sharedIdeas(a, b);
      const named = (idea: string) => {
        const key = wordKeys(idea).join(' ');
        return idea.includes(' ') || headingWords.has(key) || terms.has(key);
      };
      const kept = ideas.filter((idea) => named(idea) || spokenCount(idea) < TOO_COMMON_ALONE);
      return kept.length >= MIN_SHARED_IDEAS && kept.some(named) ? kept : undefined;
    },
  };
}
