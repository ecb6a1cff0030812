/**
 * Which words of a book can show that two of its paragraphs share a topic: content words that are rare
 * in the book (a word on every tenth paragraph, "group" in an algebra book, links everything), that
 * name a thing or a property (not an inflected verb such as "contains" or an adverb such as "strongly"),
 * and that are English, not a program's identifier ("argv", "tol", "binom": words used mostly in
 * listings or written as code in the prose, "sys.argv", "binom(size = n)").
 */
import {
  commonInBookAbove,
  isAdverb,
  isEverydayWord,
  isVerbForm,
  SPOKEN_WORDS,
  spokenCount,
} from '../english.ts';
import { frequentWords, type BookTerms } from '../book-terms/index.ts';
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
  /** Whether two paragraphs share any topic word or phrase at all, enough for a topic or not. */
  sharesAnIdea(a: string, b: string): boolean;
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

/**
 * An idea in more than this share of a chapter's prose paragraphs is that chapter's stock vocabulary
 * ("simulate random variates" all through a chapter on simulation): it does not single out two of them.
 * Judged in chapters of at least MIN_CHAPTER_PARAGRAPHS (in a short one, a topic fills it by right).
 */
const MAX_CHAPTER_SHARE = 0.25;
const MIN_CHAPTER_PARAGRAPHS = 20;
/** In a book with an index, a phrase it does not list is a term when it recurs: in this many prose paragraphs. */
const MIN_PHRASE_PARAGRAPHS = 3;

export interface BookVocabulary {
  prose: readonly string[];
  /** The chapter of each prose paragraph (its id), in the order of `prose`. */
  chapters?: readonly string[];
  /** The terms the book names in its index, glossaries and definitions. */
  terms?: BookTerms;
  code: readonly string[];
  /** The book's chapter and section titles. */
  headings: readonly string[];
  /** The terms the book defines, normalised ("left coset"). */
  definedTerms: Iterable<string>;
}

export function bookTopicWords({
  prose,
  chapters,
  terms,
  code,
  headings,
  definedTerms,
}: BookVocabulary): TopicWords {
  const headingWords = new Set(headings.flatMap((heading) => wordKeys(heading)));
  const definedKeys = new Set(definedTerms);
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
  const carries = ideaWeigher({ prose, chapters: chapters ?? prose.map(() => ''), terms });
  return {
    isTopicWord,
    sharedTopic(a, b) {
      const key = (idea: string) => wordKeys(idea).join(' ');
      const named = (idea: string) =>
        idea.includes(' ') ||
        headingWords.has(key(idea)) ||
        definedKeys.has(key(idea)) ||
        (terms?.has(key(idea)) ?? false);
      const kept = withoutRepeats(
        sharedIdeas(a, b).filter(
          (idea) => (named(idea) || spokenCount(idea) < TOO_COMMON_ALONE) && carries(idea, a, b),
        ),
        (idea) => terms?.has(key(idea)) ?? false,
      );
      // The ideas that carry weight: a phrase ("short-circuit evaluation") the book's index, glossaries or
      // definitions name, or in a book without an index one ending on a word beyond everyday speech; a
      // word no everyday speech uses, named
      // by them where the book has an index. "body", "loop", "item", "style" say little alone, listed or not.
      const isTerm = (idea: string) => terms?.has(key(idea)) ?? false;
      const isPhrase = (idea: string) => key(idea).includes(' ');
      const indexed = terms?.indexed === true;
      // A phrase the book does not name must end on a word beyond everyday speech ("writing correct", "new
      // challenges", "nonlocal balance" carry nothing).
      const lastWord = (idea: string) => idea.split(/[\s-]+/).at(-1) ?? idea;
      const strong = kept.filter((idea) =>
        isPhrase(idea)
          ? isTerm(idea) || (!indexed && !isEverydayWord(lastWord(idea)))
          : !isEverydayWord(idea) && (isTerm(idea) || !indexed),
      );
      // Two strong ideas, one of them named: one shared term, even a phrase ("data frame", "closed
      // formula"), is the vocabulary of many paragraphs, not what singles out two of them.
      const carried = strong.some(indexed ? isTerm : named);
      return strong.length >= MIN_SHARED_IDEAS && carried ? strong : undefined;
    },
    sharesAnIdea(a, b) {
      return sharedIdeas(a, b).length > 0;
    },
  };
}

/**
 * The ideas without one inside another ("Jordan cell" and "entire Jordan cell"): the book's term is kept,
 * else the longer; and without another form of one before them.
 */
function withoutRepeats(ideas: readonly string[], isTerm: (idea: string) => boolean): string[] {
  const padded = (idea: string) => ` ${wordKeys(idea).join(' ')} `;
  return withoutOtherForms(
    ideas.filter(
      (idea, i) =>
        ideas.every((other, j) => {
          if (i === j || !padded(other).includes(padded(idea))) return true;
          if (padded(other) === padded(idea)) return j > i;
          // `idea` is inside `other`: it goes unless it is the term and the longer one is not.
          return isTerm(idea) && !isTerm(other);
        }) &&
        // ... and a longer one goes when a term inside it stays.
        !ideas.some(
          (other, j) =>
            j !== i &&
            padded(idea).includes(padded(other)) &&
            padded(idea) !== padded(other) &&
            isTerm(other) &&
            !isTerm(idea),
        ),
    ),
  );
}

/** Endings a word takes in its other forms: "aggregate", "aggregation"; "inductive", "induction". */
const FORM_ENDING = /(?:ations?|ates?|ions?|ives?|ing|ed|es|s|e|ity|ly|al)$/;
const stemOf = (word: string) => (word.length > 5 ? word.replace(FORM_ENDING, '') : word);

/**
 * The ideas without another form of one before them: "aggregation" after "aggregate", "invalidate
 * iterators" after "iterators become invalid" say the same again.
 */
export function withoutOtherForms(ideas: readonly string[]): string[] {
  const kept: Set<string>[] = [];
  return ideas.filter((idea) => {
    const stems = new Set(wordKeys(idea).map(stemOf));
    const again = kept.some(
      (other) => [...stems].every((stem) => other.has(stem)) || [...other].every((stem) => stems.has(stem)),
    );
    if (!again) kept.push(stems);
    return !again;
  });
}

/** A word that qualifies ("flexible", "bijective", "continuous"): an idea only with what it qualifies. */
const QUALIFIER = /(?:ible|able|ive|ous|ful|less)$/;

/**
 * Whether an idea two paragraphs share carries the pair: a term of the book (an index, glossary or
 * defined term; without an index, any word the rules above let through and any phrase; with one, a
 * phrase it does not list only when it recurs), not one of
 * the book's 500 most frequent words unless its index or a glossary lists it, specific to the two among their neighbours (rare in each one's
 * chapter), and in the same sense in both (a program's `Pair` is not a "pair" of elements).
 */
function ideaWeigher({
  prose,
  chapters,
  terms,
}: {
  prose: readonly string[];
  chapters: readonly string[];
  terms: BookTerms | undefined;
}): (idea: string, a: string, b: string) => boolean {
  const frequent = frequentWords(prose);
  // Each text's words read once, as a set (for words) and as a line (for phrases).
  const keyLists = prose.map((text) => wordKeys(text));
  const keySets = keyLists.map((keys) => new Set(keys));
  const joined = keyLists.map((keys) => ` ${keys.join(' ')} `);
  const chapterOf = new Map<string, string>();
  const members = new Map<string, number[]>();
  prose.forEach((text, i) => {
    if (!chapterOf.has(text)) chapterOf.set(text, chapters[i]!);
    members.set(chapters[i]!, [...(members.get(chapters[i]!) ?? []), i]);
  });
  const has = (i: number, key: string) =>
    key.includes(' ') ? joined[i]!.includes(` ${key} `) : keySets[i]!.has(key);
  const shares = new Map<string, boolean>();
  const rareIn = (key: string, chapter: string | undefined) => {
    const list = members.get(chapter ?? '') ?? [];
    if (list.length < MIN_CHAPTER_PARAGRAPHS) return true;
    const cached = shares.get(`${chapter}\u0000${key}`);
    if (cached !== undefined) return cached;
    const rare = list.filter((i) => has(i, key)).length <= MAX_CHAPTER_SHARE * list.length;
    shares.set(`${chapter}\u0000${key}`, rare);
    return rare;
  };
  const recurs = new Map<string, boolean>();
  const recurring = (key: string) => {
    let known = recurs.get(key);
    if (known === undefined) {
      let count = 0;
      for (let i = 0; i < prose.length && count < MIN_PHRASE_PARAGRAPHS; i++) if (has(i, key)) count++;
      known = count >= MIN_PHRASE_PARAGRAPHS;
      recurs.set(key, known);
    }
    return known;
  };
  return (idea, a, b) => {
    const key = wordKeys(idea).join(' ');
    const term = terms?.has(key) ?? false;
    if (key.includes(' ')) {
      // Where the book prints an index, a phrase it does not list must at least recur beyond the two.
      if (!term && terms?.indexed === true && !recurring(key)) return false;
    } else {
      const listed = terms?.listed(key) ?? false;
      if ((frequent.has(key) && !listed) || (!term && terms?.indexed === true)) return false;
      if (QUALIFIER.test(key) && !listed) return false;
      if (!sameSense(key, a, b)) return false;
      // A name ("Bar-Asher Siegal", "Gauss") tells whom the two cite, not what they share.
      if (!term && isName(key, a) && isName(key, b)) return false;
    }
    return rareIn(key, chapterOf.get(a)) && rareIn(key, chapterOf.get(b));
  };
}

/**
 * How a text writes a word: capitalised inside a sentence (a program's class, "the Pair class"; a name)
 * or in lower case (an English word).
 */
function writtenForms(text: string, key: string): { named: boolean; word: boolean } {
  let named = false;
  let word = false;
  for (const match of text.matchAll(/[\p{L}]+/gu)) {
    if (termKey(match[0]) !== key) continue;
    const before = text.slice(Math.max(0, match.index - 2), match.index);
    if (/^\p{Lu}\p{Ll}/u.test(match[0]) && /[\p{Ll},;]\s$/u.test(before)) named = true;
    else if (/^\p{Ll}+$/u.test(match[0])) word = true;
  }
  return { named, word };
}

/** Whether a text writes the word only as a name: capitalised inside its sentences, never in lower case. */
function isName(key: string, text: string): boolean {
  const forms = writtenForms(text, key);
  return forms.named && !forms.word;
}

/** Whether two texts use a word in one sense: not a name in one and an English word in the other. */
function sameSense(key: string, a: string, b: string): boolean {
  const [x, y] = [writtenForms(a, key), writtenForms(b, key)];
  return !((x.named && !x.word && y.word && !y.named) || (y.named && !y.word && x.word && !x.named));
}
