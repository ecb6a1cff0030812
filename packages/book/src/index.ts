/**
 * @threadbook/book: the Book XML format (docs/design.md "Book XML"). A strict, safe parser for the server and
 * the import command, the writer, the lenient outline builder the reader uses (docs/product.md §3 "Book outline"),
 * and the paragraph id helpers. XML is read by fast-xml-parser; no Node-only API: it runs in browsers and
 * in Node.
 */
export type { BlockKind, BookChapter, BookDocument, BookParagraph, BookSection } from './types.ts';
export { BLOCK_KINDS, UNTITLED_BOOK } from './values.ts';
export { BookXmlError } from './errors.ts';
export { DEFAULT_BOOK_XML_LIMITS, type BookXmlLimits, type BookXmlOptions } from './read.ts';
export { parseBookXml } from './parse.ts';
export { withBookNames, writeBookXml } from './write.ts';
export {
  buildBookOutline,
  type BookOutline,
  type BookOutlineChapter,
  type BookOutlineParagraph,
  type BookOutlineSection,
  type CachedBookOutline,
} from './outline.ts';
export { isPrintedNumber, paragraphLabel, sameParagraphId, sectionName, stripBookPrefix } from './ids.ts';
export { splitExplicitRefs, splitOverLong } from './values.ts';
export { figureBands, type PageBand } from './figures.ts';
