/** The sentence of `text` around `phrase` (the words that refer, a cue): '' when `phrase` is not in it. */
export function sentenceAround(text: string, phrase: string): string {
  const at = text.indexOf(phrase);
  if (at === -1) return '';
  const start = Math.max(text.lastIndexOf('. ', at) + 1, 0);
  const end = text.indexOf('. ', at + phrase.length);
  return text.slice(start, end === -1 ? text.length : end + 1).trim();
}

/** A text's sentences: each ends at a full stop, question or exclamation mark before a capital. */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
}

/** A text's first sentence. */
export function firstSentence(text: string): string {
  return sentences(text)[0] ?? text;
}
