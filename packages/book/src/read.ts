import { BookXmlError } from './errors.ts';
import {
  isBlank,
  normalizeText,
  parseBlockKind,
  parsePage,
  parseYStart,
  splitExplicitRefs,
  type BlockKind,
} from './values.ts';
import { findElement, readXml, textContent, type XmlElement, type XmlText, type XmlTree } from './xml.ts';

/** The bounds every read of Book XML enforces, strict or lenient. */
export interface BookXmlLimits {
  /** Largest document, in UTF-8 bytes. */
  maxBytes: number;
  /** Deepest element nesting; `<book>` is at depth 1, a `<paragraph>` at depth 4. */
  maxDepth: number;
  /** Most `<paragraph>` elements in one document. */
  maxParagraphs: number;
  /** Longest paragraph text, in characters (after whitespace is collapsed). */
  maxParagraphChars: number;
  /** Most paragraphs starting on one page. */
  maxParagraphsPerPage: number;
}

/** Options of {@link parseBookXml} and {@link buildBookOutline}: any bound left out keeps its default. */
export type BookXmlOptions = Partial<BookXmlLimits>;

/**
 * The longest paragraph of the corpus's five textbooks has under 3,000 characters and their fullest page
 * 38 paragraphs; a listing over several pages is one block and can be several times longer. The bounds
 * leave that room while keeping the work of a request on one paragraph (an explanation, a related-paragraph
 * answer) small and a page's anchors few.
 */
export const DEFAULT_BOOK_XML_LIMITS: Readonly<BookXmlLimits> = Object.freeze({
  maxBytes: 64 * 1024 * 1024,
  maxDepth: 16,
  maxParagraphs: 200_000,
  maxParagraphChars: 20_000,
  maxParagraphsPerPage: 500,
});

export const NO_BOOK_MESSAGE = 'Invalid XML: No <book> element found';

/**
 * What a walk of the book reads. After a strict walk every field is checked (`page` and `yStart` are not
 * null); after a lenient walk a value that is absent or invalid is null (page, yStart) or '' (ids, titles).
 */
export interface ReadParagraph {
  id: string;
  page: number | null;
  yStart: number | null;
  text: string;
  explicitRefs: string[];
  /** undefined for prose (and, after a lenient walk, for a kind it does not know). */
  kind: BlockKind | undefined;
}
export interface ReadSection {
  id: string;
  title: string;
  paragraphs: ReadParagraph[];
}
export interface ReadChapter {
  id: string;
  title: string;
  sections: ReadSection[];
}
export interface ReadBook {
  title: string;
  author: string;
  chapters: ReadChapter[];
}

function formatSize(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Whether the UTF-8 encoding of `text` is longer than `max` bytes, without encoding it. */
function isOverSize(text: string, max: number): boolean {
  if (text.length > max) return true; // every UTF-16 unit takes at least one byte
  if (text.length * 3 <= max) return false; // and at most three
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4; // a surrogate pair is one 4-byte character; its low half adds nothing below
      i++;
    } else bytes += 3;
    if (bytes > max) return true;
  }
  return false;
}

/**
 * Reads Book XML into a {@link ReadBook}. The XML itself must always be well-formed and within the bounds.
 *
 * Strict (`strict` true, for {@link parseBookXml}): the root must be `<book>`; `<book>` holds `<chapter>`s,
 * a chapter `<section>`s, a section `<paragraph>`s, a paragraph text only; no other element, and no text
 * between elements. Chapter, section and paragraph ids are required and unique per kind, a paragraph id has
 * no comma, `page` is a positive integer and `y_start` a number in 0..1. The first problem throws.
 *
 * Strict and lenient alike, a paragraph's text is bounded (`maxParagraphChars`); strict also bounds the
 * paragraphs of a page (`maxParagraphsPerPage`), lenient cuts an over-long text at the bound.
 *
 * Lenient (for {@link buildBookOutline}, display only): the first `<book>` anywhere is used; unknown
 * elements and stray text are ignored; a paragraph without an id is dropped; a missing id or title is '';
 * a missing or invalid `page` or `y_start` is null; duplicate ids are kept; paragraphs directly inside a
 * `<chapter>` form a section with the chapter's id (one per run of such paragraphs); a paragraph's text
 * includes the text of any elements inside it.
 */
export function readBook(xml: string, options: BookXmlOptions | undefined, strict: boolean): ReadBook {
  const limits: BookXmlLimits = { ...DEFAULT_BOOK_XML_LIMITS, ...options };
  if (isOverSize(xml, limits.maxBytes)) {
    throw new BookXmlError(
      `Invalid XML: the document is larger than the limit of ${formatSize(limits.maxBytes)}`,
    );
  }
  const tree = readXml(xml, {
    maxDepth: limits.maxDepth,
    maxCount: {
      name: 'paragraph',
      max: limits.maxParagraphs,
      message: `more than ${limits.maxParagraphs} paragraphs (the limit)`,
    },
  });
  const book = strict ? (tree.root?.name === 'book' ? tree.root : null) : findElement(tree.root, 'book');
  if (book === null) throw new BookXmlError(NO_BOOK_MESSAGE);
  return walkBook(tree, book, strict, limits);
}

function walkBook(tree: XmlTree, book: XmlElement, strict: boolean, limits: BookXmlLimits): ReadBook {
  /** A structure problem: thrown in strict mode; in lenient mode the caller goes on with its fallback. */
  const problem = (pos: number, message: string): void => {
    if (!strict) return;
    const line = tree.lineAt(pos);
    throw new BookXmlError(`Invalid Book XML at line ${line}: ${message}`, line);
  };
  const strayText = (text: XmlText, parent: string): void => {
    if (!strict || isBlank(text.text)) return;
    let pos = text.pos;
    while (/[ \t\n]/.test(tree.source[pos] ?? '')) pos++;
    problem(pos, `unexpected text inside <${parent}>`);
  };
  const unexpected = (element: XmlElement, parent: string, expected: string): void =>
    problem(element.pos, `unexpected <${element.name}> inside <${parent}> (expected <${expected}>)`);

  const seen = { chapter: new Set<string>(), section: new Set<string>(), paragraph: new Set<string>() };
  const onPage = new Map<number, number>();
  const readId = (element: XmlElement, kind: keyof typeof seen): string => {
    const raw = element.attributes.get('id');
    const id = raw?.trim() ?? '';
    if (id === '') {
      problem(element.pos, raw === undefined ? `<${kind}> has no id` : `<${kind}> has an empty id`);
    } else if (strict) {
      if (seen[kind].has(id)) problem(element.pos, `the ${kind} id "${id}" is used twice`);
      seen[kind].add(id);
    }
    return id;
  };

  const readParagraph = (element: XmlElement): ReadParagraph | null => {
    const id = readId(element, 'paragraph');
    if (id === '') return null;
    if (id.includes(',')) problem(element.pos, `the paragraph id "${id}" contains a comma`);
    const rawPage = element.attributes.get('page');
    const page = parsePage(rawPage);
    if (page === null) {
      problem(
        element.pos,
        rawPage === undefined
          ? `paragraph "${id}" has no page`
          : `paragraph "${id}" has page="${rawPage}"; a page is a positive integer`,
      );
    }
    const rawY = element.attributes.get('y_start');
    const yStart = parseYStart(rawY);
    if (yStart === null) {
      problem(
        element.pos,
        rawY === undefined
          ? `paragraph "${id}" has no y_start`
          : `paragraph "${id}" has y_start="${rawY}"; y_start is a number from 0 to 1`,
      );
    }
    const rawKind = element.attributes.get('kind');
    const kind = parseBlockKind(rawKind);
    if (kind === null) {
      problem(
        element.pos,
        `paragraph "${id}" has kind="${rawKind}"; a kind is one of caption, code, table, footnote (none for prose)`,
      );
    }
    let text = '';
    for (const child of element.children) {
      if ('name' in child) {
        problem(child.pos, `unexpected <${child.name}> inside <paragraph> (a paragraph holds text only)`);
        text += textContent(child);
      } else {
        text += child.text;
      }
    }
    text = normalizeText(text);
    if (text.length > limits.maxParagraphChars) {
      problem(
        element.pos,
        `paragraph "${id}" has ${text.length} characters; the limit is ${limits.maxParagraphChars}`,
      );
      text = text.slice(0, limits.maxParagraphChars);
    }
    if (page !== null && strict) {
      const count = (onPage.get(page) ?? 0) + 1;
      onPage.set(page, count);
      if (count > limits.maxParagraphsPerPage) {
        problem(
          element.pos,
          `page ${page} has more than ${limits.maxParagraphsPerPage} paragraphs (the limit)`,
        );
      }
    }
    return {
      id,
      page,
      yStart,
      text,
      explicitRefs: splitExplicitRefs(element.attributes.get('explicit_refs')),
      kind: kind ?? undefined,
    };
  };

  const readSection = (element: XmlElement): ReadSection => {
    const section: ReadSection = {
      id: readId(element, 'section'),
      title: element.attributes.get('title') ?? '',
      paragraphs: [],
    };
    for (const child of element.children) {
      if (!('name' in child)) strayText(child, 'section');
      else if (child.name !== 'paragraph') unexpected(child, 'section', 'paragraph');
      else {
        const paragraph = readParagraph(child);
        if (paragraph !== null) section.paragraphs.push(paragraph);
      }
    }
    return section;
  };

  const readChapter = (element: XmlElement): ReadChapter => {
    const chapter: ReadChapter = {
      id: readId(element, 'chapter'),
      title: element.attributes.get('title') ?? '',
      sections: [],
    };
    let implicit: ReadSection | null = null;
    for (const child of element.children) {
      if (!('name' in child)) {
        strayText(child, 'chapter');
      } else if (child.name === 'section') {
        chapter.sections.push(readSection(child));
        implicit = null;
      } else if (child.name === 'paragraph') {
        problem(child.pos, '<paragraph> directly inside <chapter> (a paragraph belongs in a <section>)');
        if (implicit === null) {
          implicit = { id: chapter.id, title: '', paragraphs: [] };
          chapter.sections.push(implicit);
        }
        const paragraph = readParagraph(child);
        if (paragraph !== null) implicit.paragraphs.push(paragraph);
      } else {
        unexpected(child, 'chapter', 'section');
      }
    }
    return chapter;
  };

  const result: ReadBook = {
    title: book.attributes.get('title') ?? '',
    author: book.attributes.get('author') ?? '',
    chapters: [],
  };
  for (const child of book.children) {
    if (!('name' in child)) strayText(child, 'book');
    else if (child.name !== 'chapter') unexpected(child, 'book', 'chapter');
    else result.chapters.push(readChapter(child));
  }
  return result;
}
