/** Joining the lines of a paragraph into text: de-hyphenation at line ends, tidy spacing. */

/** Joins two consecutive lines, removing a line-end hyphen that splits a word ("com-" + "mutative"). */
export function joinLines(a: string, b: string): string {
  if (a === '') return b;
  if (b === '') return a;
  if (/[A-Za-z\u00C0-\u024F]-$/.test(a)) {
    if (/^[a-z\u00DF-\u00FF\u0101-\u024F]/.test(b)) return a.slice(0, -1) + b;
    // Before a capital the hyphen is part of a compound ("Jordan-Hölder"): keep it, without a space.
    if (/^\p{Lu}/u.test(b)) return a + b;
  }
  // A web address broken after a slash goes on without a space ("http://en.wikibooks.org/" + "wiki/...").
  if (/(?:https?:\/\/|www\.)\S*\/$/.test(a) && /^[\w%~.-]+(?:\/\S*)?$/.test(b)) return a + b;
  return `${a} ${b}`;
}

/**
 * A block's text put together a line at a time by joinLines's rules, which read only the text's last word.
 * V8 keeps a string grown by `+` as a chain that any read copies whole, so reading the end of a growing
 * paragraph at each line copied all of it: a PDF of 300 pages without a paragraph break took 25 s to read.
 * The text before the last word is kept in pieces and joined once, when it is read.
 */
export class JoinedLines {
  #pieces: string[] = [];
  /** The text after its last white space. */
  #lastWord = '';

  constructor(first: string) {
    this.#append(first);
  }

  add(line: string): void {
    if (line === '') return;
    if (this.#lastWord !== '') this.#append(joinLines(this.#lastWord, line));
    else this.#append(this.#pieces.length === 0 ? line : ` ${line}`);
  }

  /** A listing's line goes below the last as it is. */
  addListingLine(line: string): void {
    this.#append(`${this.#lastWord}\n${line}`);
  }

  get text(): string {
    return this.#pieces.join('') + this.#lastWord;
  }

  /** The text's first `chars` characters or more, without joining the rest. */
  opening(chars: number): string {
    let out = '';
    for (const piece of this.#pieces) {
      if (out.length >= chars) return out;
      out += piece;
    }
    return out + this.#lastWord;
  }

  /** Adds `text`, which takes the place of the last word. */
  #append(text: string): void {
    let end = text.length;
    while (end > 0 && !/\s/.test(text[end - 1]!)) end--;
    if (end > 0) this.#pieces.push(text.slice(0, end));
    this.#lastWord = text.slice(end);
  }
}

/** End-of-proof and end-of-example marks are layout, not text. */
export function tidyParagraph(text: string): string {
  return text
    .replace(/(^|\s)[□■∎](?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
