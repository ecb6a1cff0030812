/**
 * Text of drawings: axis labels, node labels, line numbers, the labels of a plot ("u(t) forward tn−1 tn").
 * It has hardly a word of running text in it, and it is no item ("Proof.", "(a)", "5.") however short.
 * Extraction leaves it out of the blocks; the link mapping passes over what is left of it.
 */
const WORD = /(?<!\p{L})\p{Ll}{3,}(?!\p{L})/gu;
/** What an item or a list item opens with ("Proof.", "Lemma 8.27", "(a)", "5."), however short it is. */
const ITEM_START = /^(?:\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]\s|\p{Lu}\p{Ll}+\.?\s)/u;

export function isFigureText(text: string): boolean {
  return (text.match(WORD)?.length ?? 0) < 3 && !ITEM_START.test(text);
}
