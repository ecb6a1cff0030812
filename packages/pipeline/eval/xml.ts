import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * PreTeXt sources as a small tree, read by fast-xml-parser with `preserveOrder` so that mixed content (text
 * between inline elements, whitespace included) stays in document order, which paragraph text needs.
 * Prefixed names such as "xi:include" and "xml:id" are kept as written. Comments, processing instructions
 * and the DOCTYPE are dropped; CDATA sections arrive as text. Only the predefined and numeric entities are
 * decoded (here, not by the parser); any other `&name;` is left as written, and no DTD entity is expanded.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g, (whole, ent: string) => {
    if (ent.startsWith('#x')) return String.fromCodePoint(parseInt(ent.slice(2), 16));
    if (ent.startsWith('#')) return String.fromCodePoint(parseInt(ent.slice(1), 10));
    return ENTITIES[ent] ?? whole;
  });
}

const TEXT = '#text';
const CDATA = '#cdata';
const ATTRIBUTES = ':@';
/** fast-xml-parser's `preserveOrder` node: `{ [name]: children, ':@'?: attributes }`, or `{ '#text': text }`. */
type OrderedNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  processEntities: false,
  cdataPropName: CDATA,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function convert(nodes: OrderedNode[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const node of nodes) {
    if (TEXT in node) {
      out.push(decodeEntities(String(node[TEXT])));
    } else if (CDATA in node) {
      for (const part of node[CDATA] as OrderedNode[]) out.push(String(part[TEXT] ?? ''));
    } else {
      const name = Object.keys(node).find((key) => key !== ATTRIBUTES)!;
      const attrs: Record<string, string> = {};
      const raw = (node[ATTRIBUTES] ?? {}) as Record<string, unknown>;
      for (const [key, value] of Object.entries(raw)) attrs[key] = decodeEntities(String(value));
      out.push({ name, attrs, children: convert(node[name] as OrderedNode[]) });
    }
  }
  return out;
}

/** Parses an XML document; returns a '#document' element holding the root. Throws on malformed XML
 * (unbalanced tags included), which the parser itself would let through. */
export function parseXml(src: string): XmlElement {
  const valid = XMLValidator.validate(src);
  if (valid !== true) throw new Error(`XML: ${valid.err.msg} (line ${valid.err.line})`);
  return { name: '#document', attrs: {}, children: convert(parser.parse(src) as OrderedNode[]) };
}

export function isElement(node: XmlNode): node is XmlElement {
  return typeof node !== 'string';
}

export function childElements(el: XmlElement, name?: string): XmlElement[] {
  return el.children.filter((c): c is XmlElement => isElement(c) && (name === undefined || c.name === name));
}

/** First descendant element with the name (depth-first), or undefined. */
export function findElement(el: XmlElement, name: string): XmlElement | undefined {
  for (const c of el.children) {
    if (!isElement(c)) continue;
    if (c.name === name) return c;
    const found = findElement(c, name);
    if (found) return found;
  }
  return undefined;
}
