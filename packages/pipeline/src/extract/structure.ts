/**
 * Chapters and sections: placed in the block stream from the outline (or detected headings), numbered from
 * the headings in the text, front and back matter recognised and left out, and paragraphs assigned to the
 * section whose start precedes them. Ids: chapter "3", section "3.2", paragraph "3.2.4".
 */
import type { BookChapter, BookParagraph, BookSection } from '@threadbook/book';
import { labelFor, numberOf, outlineNumber, parseHeading, type DetectedHeading } from './headings.ts';
import type { Block, OutlineEntry } from './types.ts';

/** Outline entries that only group others ("Appendices", "Back Matter"): their children are the chapters. */
const GROUPING = /^(?:appendices|back\s*matter|front\s*matter|end\s*matter)$/i;
/** Chapters that are not study text. */
const NOT_STUDY_CHAPTER =
  /^(?:(?:table of )?contents|index|bibliography|references|list of (?:symbols|figures|tables|notation)|notation|symbols|acknowledge?ments?|preface|foreword|dedication|colophon|about the authors?|(?:gnu )?free documentation license|license|copyright|title page|half title)\b/i;
/** Sections that are not study text (bibliographies at the end of chapters). */
const NOT_STUDY_SECTION =
  /^(?:references(?: and suggested readings?)?|bibliography|further reading|suggested readings?|index)\b/i;

export interface StructNode {
  title: string;
  /** Number label from the text heading or null. */
  label: string | null;
  page: number;
  top: number;
  sections: StructNode[];
}

/** Top-level outline entries become chapters (grouping entries are unwrapped), their children sections. */
export function nodesFromOutline(outline: OutlineEntry[]): StructNode[] {
  const chapters: OutlineEntry[] = [];
  for (const e of outline) {
    if (GROUPING.test(e.title) && e.children.length > 0) chapters.push(...e.children);
    else chapters.push(e);
  }
  return chapters.map((c) => ({
    title: c.title,
    label: null,
    page: c.page,
    top: c.top,
    sections: c.children.map((s) => ({
      title: s.title,
      label: null,
      page: s.page,
      top: s.top,
      sections: [],
    })),
  }));
}

export function nodesFromHeadings(headings: DetectedHeading[]): StructNode[] {
  const chapters: StructNode[] = [];
  for (const h of headings) {
    const node: StructNode = { title: h.title, label: h.label, page: h.page, top: h.top, sections: [] };
    if (h.level === 1) chapters.push(node);
    else chapters[chapters.length - 1]?.sections.push(node);
  }
  return chapters;
}

/** Index of the first block at or after a position (blocks are in reading order, pages ascending). */
export function positionOf(blocks: Block[], page: number, top: number): number {
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.page > page || (b.page === page && b.top >= top - 2)) return i;
  }
  return blocks.length;
}

/** Label from the heading blocks at a node's position (the heading just above the target counts too). */
function findLabel(blocks: Block[], pos: number, node: StructNode): string | null {
  const texts: string[] = [];
  for (let i = Math.max(0, pos - 1); i < Math.min(blocks.length, pos + 3); i++) {
    const b = blocks[i]!;
    if (b.kind !== 'heading') {
      if (i >= pos) break;
      continue;
    }
    if (b.page !== node.page || b.top < node.top - 3 * b.size) continue;
    texts.push(b.text);
    const label = labelFor(texts.join(' '), node.title);
    if (label !== null) return label;
  }
  return null;
}

/** A node's title without the number it starts with when that is its label ("1.2 Degrees and ..."). */
function nameOf(node: StructNode): string {
  return node.label !== null && numberOf(node.title) === node.label
    ? parseHeading(node.title).title
    : node.title;
}

export function slug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'part'
  );
}

interface Marker {
  pos: number;
  order: number;
  chapter: number;
  section: number | null;
}

/** Builds chapters with sections and paragraphs from the block stream and the structure nodes. */
export function assemble(blocks: Block[], nodes: StructNode[], fallbackTitle: string): BookChapter[] {
  if (nodes.length === 0) nodes = [{ title: fallbackTitle, label: '1', page: 1, top: 0, sections: [] }];
  const markers: Marker[] = [];
  let order = 0;
  nodes.forEach((c, ci) => {
    const pos = positionOf(blocks, c.page, c.top);
    // The heading on the page gives the number; else the outline title may carry it ("1.3 Subspaces").
    c.label ??= findLabel(blocks, pos, c) ?? outlineNumber(c.title);
    markers.push({ pos, order: order++, chapter: ci, section: null });
    c.sections.forEach((s, si) => {
      const spos = positionOf(blocks, s.page, s.top);
      s.label ??= findLabel(blocks, spos, s) ?? outlineNumber(s.title);
      markers.push({ pos: spos, order: order++, chapter: ci, section: si });
    });
  });
  markers.sort((a, b) => a.pos - b.pos || a.order - b.order);

  // Front matter: whatever comes before the first numbered chapter, when chapters are numbered at all.
  const firstNumbered = nodes.findIndex((c) => c.label !== null && /^\d+$/.test(c.label));
  const used = new Set<string>();
  const unique = (id: string) => {
    let out = id;
    for (let n = 2; used.has(out); n++) out = `${id}-${n}`;
    used.add(out);
    return out;
  };
  const chapterIds = nodes.map((c, ci) => {
    const study = !NOT_STUDY_CHAPTER.test(c.title) && !(firstNumbered > 0 && ci < firstNumbered);
    const id = c.label !== null && !c.label.includes('.') ? c.label : slug(c.title);
    return study ? unique(id) : null;
  });
  const sectionIds = nodes.map((c, ci) =>
    c.sections.map((s) => {
      const chapterId = chapterIds[ci];
      if (chapterId === null || chapterId === undefined || NOT_STUDY_SECTION.test(s.title)) return null;
      if (s.label !== null && s.label.includes('.')) return unique(s.label);
      return unique(`${chapterId}.${slug(s.title)}`);
    }),
  );

  const chapters = new Map<number, BookChapter>();
  const sections = new Map<string, BookSection>();
  let m = -1;
  for (let i = 0; i < blocks.length; i++) {
    while (m + 1 < markers.length && markers[m + 1]!.pos <= i) m++;
    const block = blocks[i]!;
    if (block.kind !== 'paragraph' || m < 0) continue;
    const marker = markers[m]!;
    const ci = marker.chapter;
    const chapterId = chapterIds[ci];
    if (chapterId === null || chapterId === undefined) continue;
    const node = nodes[ci]!;
    const sectionId = marker.section === null ? chapterId : sectionIds[ci]?.[marker.section];
    if (sectionId === null || sectionId === undefined) continue;
    let chapter = chapters.get(ci);
    if (!chapter) {
      chapter = { id: chapterId, title: nameOf(node), sections: [] };
      chapters.set(ci, chapter);
    }
    let section = sections.get(sectionId);
    if (!section) {
      const title = nameOf(marker.section === null ? node : node.sections[marker.section]!);
      section = { id: sectionId, title, paragraphs: [] };
      sections.set(sectionId, section);
      chapter.sections.push(section);
    }
    const paragraph: BookParagraph = {
      id: `${sectionId}.${section.paragraphs.length + 1}`,
      page: block.page,
      yStart: Math.min(1, Math.max(0, Math.round((block.top / block.pageHeight) * 10000) / 10000)),
      text: block.text,
      explicitRefs: [],
      ...(block.blockKind === undefined ? {} : { kind: block.blockKind }),
    };
    section.paragraphs.push(paragraph);
  }
  return [...chapters.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
}
