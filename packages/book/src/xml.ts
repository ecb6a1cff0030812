import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BookXmlError } from './errors.ts';

/**
 * Book XML read by fast-xml-parser (well-formedness by its `XMLValidator`, the tree by its `XMLParser` with
 * `preserveOrder` and `captureMetaData` for element offsets), made strict and safe by a few checks of ours:
 *
 * - No DTD is read: `<!DOCTYPE` and `<!ENTITY` are refused before parsing, so no entity is ever declared,
 *   expanded or fetched. The parser expands nothing (`processEntities: false`); references are decoded
 *   here: the five predefined entities and numeric character references. Any other `&name;` is an error,
 *   as is a bare `&` or a reference to a character XML forbids. These are found by one scan that skips
 *   comments, CDATA sections and processing instructions, so every such error names its exact line.
 * - What the validator lets through is checked here too: forbidden characters, text or a second element
 *   outside the root, `<` in an attribute value.
 * - Depth and the count of elements of one name are bounded. The parser stops a document nested more than
 *   one level deeper than the bound at once (`maxNestedTags`); that error alone names no line.
 * - Runs in browsers and Node alike: fast-xml-parser is plain ECMAScript.
 */

/** Character data: `text` is decoded. `pos` is an offset in the source: where the first character that is
 * not whitespace or a comment stands, for text; where a CDATA section's region starts, for CDATA. (The
 * parser gives offsets for elements only; text offsets are derived from them.) */
export interface XmlText {
  text: string;
  pos: number;
}

export interface XmlElement {
  name: string;
  /** Values are decoded and normalised as XML says (a literal tab or LF becomes a space). */
  attributes: Map<string, string>;
  /** Elements and text in document order; CDATA sections arrive as text, comments are dropped. */
  children: (XmlElement | XmlText)[];
  /** Offset of the `<` of the start tag in the source (see {@link XmlTree.lineAt}). */
  pos: number;
}

export interface XmlTree {
  /** The root element, or null when the document holds no element (empty, blank, only comments). */
  root: XmlElement | null;
  /** The 1-based line of an offset of the (line-end normalised) source. */
  lineAt: (pos: number) => number;
  /** The source after XML end-of-line handling (CRLF and CR become LF) and without a byte order mark;
   * offsets refer to it. */
  source: string;
}

export interface XmlReadLimits {
  /** Deepest element nesting allowed; the root is at depth 1. */
  maxDepth: number;
  /** Fail as soon as more than `max` elements named `name` are read. */
  maxCount?: { name: string; max: number; message: string };
}

// Characters XML 1.0 forbids even as references (tab, LF and CR are allowed).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
/** Comments, CDATA sections and processing instructions (skipped; a bare `<!--` or `<![CDATA[` is one
 * never closed), `<!KEYWORD` declarations, and references (a bare `&` is one that is not well formed). */
const MARKUP =
  /<!--(?:[\s\S]*?-->)?|<!\[CDATA\[(?:[\s\S]*?\]\]>)?|<\?[\s\S]*?\?>|<![A-Za-z]+|&(?:#[0-9]+;|#x[0-9A-Fa-f]+;|[A-Za-z_:][\w.:-]*;)?/g;
/** Whitespace, comments and processing instructions: what may stand around the root element. */
const IGNORABLE = /(?:[ \t\n]+|<!--[\s\S]*?-->|<\?[\s\S]*?\?>)*/y;
const REFERENCE = /&(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|quot|apos);/g;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const TEXT = '#text';
const CDATA = '#cdata';
const ATTRIBUTES = ':@';
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;
/** fast-xml-parser's `preserveOrder` node: `{ [name]: children, ':@'?: attributes }` with offsets under
 * {@link META}, `{ '#text': text }`, or `{ '#cdata': [{ '#text': text }] }`. */
interface OrderedNode {
  [key: string]: unknown;
  [META]?: { startIndex?: number; endIndex?: number };
}

function codePointOf(reference: string): number {
  return reference[1] === 'x' ? parseInt(reference.slice(2), 16) : parseInt(reference.slice(1), 10);
}

function isAllowedCodePoint(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/** Decodes references that {@link checkMarkup} has already found valid. */
function decode(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(REFERENCE, (_, name: string) =>
    name[0] === '#' ? String.fromCodePoint(codePointOf(name)) : (PREDEFINED[name] as string),
  );
}

/** Line numbers by offset, counted incrementally: reading a whole file costs one pass over its newlines. */
function lineCounter(text: string): (pos: number) => number {
  let at = 0;
  let line = 1;
  let nextNewline = text.indexOf('\n');
  return (pos) => {
    if (pos < at) {
      at = 0;
      line = 1;
      nextNewline = text.indexOf('\n');
    }
    while (nextNewline !== -1 && nextNewline < pos) {
      line++;
      nextNewline = text.indexOf('\n', nextNewline + 1);
    }
    at = pos;
    return line;
  };
}

/** The offset after the `>` of the start tag at `lt` (a `>` inside a quoted value does not count). */
function startTagEnd(xml: string, lt: number): number {
  let quote = '';
  for (let p = lt + 1; p < xml.length; p++) {
    const char = xml[p];
    if (quote !== '') {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return p + 1;
  }
  return xml.length;
}

/** Reads a whole document into a tree, or throws a {@link BookXmlError} naming the line. */
export function readXml(input: string, limits: XmlReadLimits): XmlTree {
  const normalised = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
  const xml = normalised.charCodeAt(0) === 0xfeff ? normalised.slice(1) : normalised;
  const lineAt = lineCounter(xml);
  const fail = (pos: number, message: string): never => {
    const line = lineAt(pos);
    throw new BookXmlError(`Invalid XML at line ${line}: ${message}`, line);
  };
  const skipIgnorable = (from: number): number => {
    IGNORABLE.lastIndex = from;
    IGNORABLE.test(xml);
    return IGNORABLE.lastIndex;
  };

  const forbidden = FORBIDDEN_CHAR.exec(xml);
  if (forbidden) {
    const code = forbidden[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    fail(forbidden.index, `the character U+${code} is not allowed in XML`);
  }
  checkMarkup(xml, fail);

  let top: OrderedNode[] = [];
  let parseError: unknown = null;
  try {
    top = new XMLParser({
      preserveOrder: true,
      captureMetaData: true,
      ignoreAttributes: false,
      attributeNamePrefix: '',
      trimValues: false,
      parseTagValue: false,
      processEntities: false,
      cdataPropName: CDATA,
      ignoreDeclaration: true,
      ignorePiTags: true,
      maxNestedTags: limits.maxDepth,
    }).parse(xml) as OrderedNode[];
  } catch (error) {
    if (error instanceof Error && error.message === 'Maximum nested tags exceeded') {
      throw new BookXmlError(`Invalid XML: elements are nested deeper than ${limits.maxDepth} levels`);
    }
    parseError = error;
  }

  const rootNode = top.find((node) => !(TEXT in node) && !(CDATA in node));
  if (parseError === null && rootNode === undefined && skipIgnorable(0) === xml.length) {
    return { root: null, lineAt, source: xml };
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line } = valid.err;
    // With several elements open at the end, the validator lists them and names line 1.
    if (msg.startsWith("Invalid '[")) fail(xml.length, 'elements are not closed before the end of the file');
    throw new BookXmlError(`Invalid XML at line ${line}: ${msg}`, line);
  }
  if (parseError !== null || rootNode === undefined) {
    throw new BookXmlError(`Invalid XML: ${parseError instanceof Error ? parseError.message : 'no element'}`);
  }

  const rootStart = rootNode[META]?.startIndex ?? 0;
  const before = skipIgnorable(0);
  if (before < rootStart) fail(before, 'text before the root element');
  const after = skipIgnorable(rootNode[META]?.endIndex ?? xml.length);
  if (after < xml.length) {
    fail(
      after,
      xml[after] === '<' ? 'only one root element is allowed' : 'text after the end of the root element',
    );
  }

  let counted = 0;
  const convert = (node: OrderedNode, depth: number): XmlElement => {
    const name = Object.keys(node).find((key) => key !== ATTRIBUTES) as string;
    const pos = node[META]?.startIndex ?? 0;
    if (depth > limits.maxDepth) fail(pos, `elements are nested deeper than ${limits.maxDepth} levels`);
    const { maxCount } = limits;
    if (maxCount !== undefined && name === maxCount.name && ++counted > maxCount.max) {
      fail(pos, maxCount.message);
    }
    const attributes = new Map<string, string>();
    for (const [attribute, raw] of Object.entries((node[ATTRIBUTES] ?? {}) as Record<string, string>)) {
      if (raw.includes('<')) fail(pos, `the value of the attribute ${attribute} of <${name}> contains '<'`);
      attributes.set(attribute, decode(/[\t\n]/.test(raw) ? raw.replace(/[\t\n]/g, ' ') : raw));
    }
    const element: XmlElement = { name, attributes, children: [], pos };
    let textPos = startTagEnd(xml, pos); // where text that follows can start
    for (const child of node[name] as OrderedNode[]) {
      if (TEXT in child) {
        element.children.push({ text: decode(String(child[TEXT])), pos: skipIgnorable(textPos) });
      } else if (CDATA in child) {
        const text = (child[CDATA] as OrderedNode[]).map((part) => String(part[TEXT] ?? '')).join('');
        element.children.push({ text, pos: textPos });
      } else {
        element.children.push(convert(child, depth + 1));
        textPos = child[META]?.endIndex ?? textPos;
      }
    }
    return element;
  };
  return { root: convert(rootNode, 1), lineAt, source: xml };
}

/** Refuses a DTD or entity declaration, a reference other than the predefined entities and allowed
 * character references, a bare `&`, and a comment or CDATA section never closed; each at its line. */
function checkMarkup(xml: string, fail: (pos: number, message: string) => never): void {
  for (const match of xml.matchAll(MARKUP)) {
    const [token] = match;
    const at = match.index;
    if (token === '<!--') fail(at, 'a comment is not closed with -->');
    if (token === '<![CDATA[') fail(at, 'a CDATA section is not closed with ]]>');
    if (token[0] === '&') {
      if (token === '&') fail(at, "a bare '&' (write &amp; for a literal '&')");
      const name = token.slice(1, -1);
      if (name[0] === '#') {
        if (!isAllowedCodePoint(codePointOf(name))) {
          fail(at, `the character reference ${token} is not an allowed character`);
        }
      } else if (PREDEFINED[name] === undefined) {
        fail(
          at,
          `the entity ${token} is not defined (Book XML allows only &lt; &gt; &amp; &quot; &apos; and character references)`,
        );
      }
    } else if (/^<![A-Za-z]/.test(token)) {
      const keyword = token.slice(2).toUpperCase();
      if (keyword === 'DOCTYPE') {
        fail(at, 'a DOCTYPE declaration is not allowed: Book XML takes no DTD and expands no entity');
      }
      if (keyword === 'ENTITY') fail(at, 'an ENTITY declaration is not allowed: Book XML expands no entity');
    }
  }
}

/** The first element named `name` in document order (the root included), or null. */
export function findElement(root: XmlElement | null, name: string): XmlElement | null {
  if (root === null) return null;
  if (root.name === name) return root;
  for (const child of root.children) {
    if ('name' in child) {
      const found = findElement(child, name);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The text of an element and all its descendants, in document order (DOM `textContent`). */
export function textContent(element: XmlElement): string {
  let text = '';
  for (const child of element.children) text += 'name' in child ? textContent(child) : child.text;
  return text;
}
