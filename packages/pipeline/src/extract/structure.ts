/**
 * Chapters and sections: placed in the block stream from the outline (or detected headings), numbered from
 * the headings in the text, front and back matter recognised and left out, and paragraphs assigned to the
 * section whose start precedes them. Ids: chapter "3", section "3.2", paragraph "3.2.4".
 */
import {
  DEFAULT_BOOK_XML_LIMITS,
  splitOverLong,
  type BookChapter,
  type BookParagraph,
  type BookSection,
  type BookXmlLimits,
} from '@threadbook/book';
import { ExtractError, MESSAGES } from './errors.ts';
import { labelFor, numberOf, outlineNumber, parseHeading, squash, type DetectedHeading } from './headings.ts';
import type { Block, OutlineEntry } from './types.ts';

/** Outline entries that only group others ("Appendices", "Back Matter"): their children are the chapters. */
const GROUPING = /^(?:appendices|back\s*matter|front\s*matter|end\s*matter)$/i;
/**
 * Chapters that are not study text. "Index", "Notation" and "Symbols" only as the whole title: "Index
 * notation for tensors" is study text.
 */
const NOT_STUDY_CHAPTER =
  /^(?:(?:table of )?contents|(?:index|notation|symbols)\s*$|bibliography|references|list of (?:symbols|figures|tables|notation)|acknowledge?ments?|preface|foreword|dedication|colophon|about the authors?|(?:gnu )?free documentation license|license|copyright|title page|half title)\b/i;
/** Sections that are not study text (bibliographies at the end of chapters; an index, as the whole title). */
const NOT_STUDY_SECTION =
  /^(?:references|bibliography|further reading|suggested readings?|table of contents)\b|^(?:index|contents)\s*$/i;

/** Whether a chapter of this title is study text (not contents, index, licence, preface...). */
export function isStudyChapterTitle(title: string): boolean {
  return !NOT_STUDY_CHAPTER.test(title);
}

/** Whether a section of this title is study text (not a chapter's references or index). */
export function isStudySectionTitle(title: string): boolean {
  return !NOT_STUDY_SECTION.test(title);
}

/** A place in the reading stream: a page, a height on it and, on a page in two columns, the column. */
export interface Place {
  page: number;
  top: number;
  /** 1 for the right column of a page in two columns. */
  column?: 1;
}

export interface StructNode extends Place {
  title: string;
  /** Number label from the text heading or null. */
  label: string | null;
  sections: StructNode[];
  /**
   * A part's own pages ("Part I. The Basic Knowledge" and the part's table of contents): they end the chapter
   * before, and are no study text.
   */
  part?: true;
}

/** The column of a destination's left edge on its page, for pages set in two columns. */
export type ColumnAt = (page: number, left: number | undefined) => 1 | undefined;

/** A part's title: "Part II ...", "II Crosslinguistic consequences" (a roman number, then words). */
const PART_TITLE = /^(?:part\s+\S+|[IVX]+)(?:[.:]?\s+\S|$)/i;
/** A chapter's title in the outline: "2 Unspecified Voice", "Chapter 3: ...". */
const CHAPTER_TITLE = /^(?:chapter\s+)?\d+[.:]?\s+\S/i;

/**
 * Whether a top-level outline entry only groups chapters: "Appendices", "Back Matter", or a part ("I
 * Hebrew argument structure") whose entries are numbered chapters.
 */
function groupsChapters(entry: OutlineEntry): boolean {
  if (entry.children.length === 0) return false;
  if (GROUPING.test(entry.title)) return true;
  return PART_TITLE.test(entry.title) && entry.children.some((child) => CHAPTER_TITLE.test(child.title));
}

/**
 * Top-level outline entries become chapters (grouping entries and parts are unwrapped, their own pages kept
 * apart as a part node), and every entry below a chapter a section of it, in reading order: a subsection is
 * a section of its own, so that its title can be read and referred to ("the section called “Properties”").
 */
export function nodesFromOutline(
  outline: OutlineEntry[],
  columnAt: ColumnAt = () => undefined,
): StructNode[] {
  const node = (e: OutlineEntry, sections: StructNode[]): StructNode => {
    const column = columnAt(e.page, e.left);
    return { title: e.title, label: null, page: e.page, top: e.top, ...(column ? { column } : {}), sections };
  };
  const below = (e: OutlineEntry): OutlineEntry[] => e.children.flatMap((child) => [child, ...below(child)]);
  const chapter = (c: OutlineEntry) =>
    node(
      c,
      below(c).map((s) => node(s, [])),
    );
  return outline.flatMap((e) =>
    groupsChapters(e) ? [{ ...node(e, []), part: true as const }, ...e.children.map(chapter)] : [chapter(e)],
  );
}

export function nodesFromHeadings(headings: DetectedHeading[]): StructNode[] {
  const chapters: StructNode[] = [];
  for (const { level, ...place } of headings) {
    const node: StructNode = { ...place, sections: [] };
    if (level === 1) chapters.push(node);
    else chapters[chapters.length - 1]?.sections.push(node);
  }
  return chapters;
}

/**
 * Index of the first block at or after a place (blocks are in reading order, pages ascending). On a page in
 * two columns the whole left column comes before the right one, and a full-width block below the right
 * column after it.
 */
export function positionOf(blocks: Block[], at: Place): number {
  const column = at.column ?? 0;
  let pastRight = false;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.page > at.page) return i;
    if (b.page < at.page) continue;
    const own = b.column ?? (pastRight ? 1 : 0);
    if (b.column === 1) pastRight = true;
    if (own > column || (own === column && b.top >= at.top - 2)) return i;
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
    // A heading just above the node's place with a title of its own that is not the node's is the previous
    // (sub)section's ("3.1.7 Other Data Types" right above "3.2 Features of ..."); a bare "Chapter 3" above
    // the title line is the node's.
    const other =
      i < pos && parseHeading(b.text).title !== '' && !squash(b.text).includes(squash(node.title));
    if (other) continue;
    texts.push(b.text);
    // The heading alone first: a chapter titled as its first section ("FUNCTIONS", then "4.1 Functions").
    const label = labelFor(b.text, node.title) ?? labelFor(texts.join(' '), node.title);
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

/**
 * Appendices titled by their letter alone ("A Complex numbers", "B Permutations"), after the numbered
 * chapters: a run of such titles lettered A, B, C... in order is lettered chapters. One title starting
 * with a capital word ("A Short Note on Proofs") makes no run.
 */
function letterAppendices(nodes: StructNode[]): void {
  const lastNumbered = nodes.findLastIndex((c) => c.label !== null && /^\d+$/.test(c.label));
  if (lastNumbered < 0) return;
  // The run of chapters after the numbered ones titled "A ...", "B ...", ... in order (an index may follow).
  const lettered: StructNode[] = [];
  for (const c of nodes.slice(lastNumbered + 1)) {
    if (c.label !== null || c.part) continue;
    if (!new RegExp(`^${String.fromCharCode(65 + lettered.length)}\\s+\\S`).test(c.title)) break;
    lettered.push(c);
  }
  if (lettered.length < 2) return;
  for (const c of lettered) {
    c.label = c.title[0]!;
    c.title = c.title.slice(1).trim();
    for (const s of c.sections) s.label ??= outlineNumber(s.title);
  }
}

/** A section's number with one more part: "3.4" -> /^3\.4\.\d+$/. */
const subsectionOf = (label: string) => new RegExp(`^${label.replace(/\./g, '\\.')}\\.\\d{1,2}$`);

/**
 * Numbered subsections ("3.4.2 Outliers") become sections of their own, found among the heading blocks
 * of their section ("3.4"), so that "Section 3.4.2" has a target. A section opening with its first
 * subsection keeps it (its paragraphs stay the section's): a section is never left without paragraphs,
 * which would leave its entry in the table of contents without a page.
 */
function addSubsections(blocks: Block[], nodes: StructNode[]): void {
  const starts = nodes
    .flatMap((c) => [c, ...c.sections])
    .map((n) => positionOf(blocks, n))
    .sort((a, b) => a - b);
  for (const c of nodes) {
    const sections: StructNode[] = [];
    const known = new Set(c.sections.map((s) => s.label));
    for (const s of c.sections) {
      sections.push(s);
      if (s.label === null || !/^(?:\d+|[A-Z])\.\d+$/.test(s.label)) continue;
      const from = positionOf(blocks, s);
      const to = starts.find((p) => p > from) ?? blocks.length;
      const own = subsectionOf(s.label);
      let text = false;
      for (let i = from; i < to; i++) {
        const b = blocks[i]!;
        if (b.kind === 'paragraph') {
          text = true;
          continue;
        }
        const { label, title } = parseHeading(b.text);
        // One the outline lists is a section already.
        if (label === null || !own.test(label) || !text || known.has(label)) continue;
        sections.push({
          title,
          label,
          page: b.page,
          top: b.top,
          ...(b.column ? { column: 1 } : {}),
          sections: [],
        });
      }
    }
    c.sections = sections;
  }
}

/**
 * A heading set in the text's size (a fourth-level "2.2.2.1 Adverbial modifiers" in bold, as a block's
 * first line) is the section's heading, not words of its first paragraph: they are taken out of it.
 */
function withoutRunInHeadings(blocks: Block[], nodes: StructNode[]): void {
  for (const node of nodes.flatMap((c) => c.sections)) {
    const block = blocks[positionOf(blocks, node)];
    if (!block || block.kind !== 'paragraph' || block.page !== node.page) continue;
    const heading =
      node.label !== null && numberOf(node.title) !== node.label ? `${node.label} ${node.title}` : node.title;
    const words = block.text.split(' ');
    for (let n = 1; n < words.length; n++) {
      const start = words.slice(0, n).join(' ');
      if (squash(start).length > squash(heading).length) break;
      if (squash(start) === squash(heading)) {
        block.text = words.slice(n).join(' ');
        break;
      }
    }
  }
}

/** Builds chapters with sections and paragraphs from the block stream and the structure nodes. */
export function assemble(blocks: Block[], nodes: StructNode[], fallbackTitle: string): BookChapter[] {
  if (nodes.length === 0) nodes = [{ title: fallbackTitle, label: '1', page: 1, top: 0, sections: [] }];
  // The heading on the page gives the number; else the outline title may carry it ("1.3 Subspaces").
  for (const c of nodes) {
    if (c.part) continue;
    c.label ??= findLabel(blocks, positionOf(blocks, c), c) ?? outlineNumber(c.title);
    for (const s of c.sections)
      s.label ??= findLabel(blocks, positionOf(blocks, s), s) ?? outlineNumber(s.title);
  }
  letterAppendices(nodes);
  addSubsections(blocks, nodes);
  withoutRunInHeadings(blocks, nodes);
  const markers: Marker[] = [];
  let order = 0;
  nodes.forEach((c, ci) => {
    markers.push({ pos: positionOf(blocks, c), order: order++, chapter: ci, section: null });
    c.sections.forEach((s, si) => {
      markers.push({ pos: positionOf(blocks, s), order: order++, chapter: ci, section: si });
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
    const study = !c.part && isStudyChapterTitle(c.title) && !(firstNumbered > 0 && ci < firstNumbered);
    const id = c.label !== null && !c.label.includes('.') ? c.label : slug(c.title);
    return study ? unique(id) : null;
  });
  // An unnumbered section's id is made under the numbered section it follows ("0.2.notation"), else its
  // chapter's: no person reads it (labels name such a section by its title).
  const sectionIds = nodes.map((c, ci) => {
    let numbered: string | undefined;
    return c.sections.map((s) => {
      const chapterId = chapterIds[ci];
      if (chapterId === null || chapterId === undefined || !isStudySectionTitle(s.title)) return null;
      if (s.label !== null && s.label.includes('.')) {
        numbered = s.label;
        return unique(s.label);
      }
      return unique(`${numbered ?? chapterId}.${slug(s.title)}`);
    });
  });

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
    // A block longer than Book XML allows (a listing over many pages, or a hostile PDF) goes on in
    // paragraphs of its own at the same place.
    for (const text of splitOverLong(block.text, DEFAULT_BOOK_XML_LIMITS.maxParagraphChars)) {
      const paragraph: BookParagraph = {
        id: `${sectionId}.${section.paragraphs.length + 1}`,
        page: block.page,
        yStart: Math.min(1, Math.max(0, Math.round((block.top / block.pageHeight) * 10000) / 10000)),
        text,
        explicitRefs: [],
        ...(block.blockKind === undefined ? {} : { kind: block.blockKind }),
      };
      section.paragraphs.push(paragraph);
    }
  }
  return [...chapters.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
}

/**
 * Refuses a book with more paragraphs, in all or on one page, than Book XML allows: a page that breaks into
 * hundreds of blocks is not a textbook page (or is a hostile file), and no reader could use its anchors.
 */
export function checkParagraphCounts(
  chapters: BookChapter[],
  limits: Pick<BookXmlLimits, 'maxParagraphs' | 'maxParagraphsPerPage'> = DEFAULT_BOOK_XML_LIMITS,
): void {
  const perPage = new Map<number, number>();
  let all = 0;
  for (const chapter of chapters) {
    for (const section of chapter.sections) {
      for (const { page } of section.paragraphs) {
        const onPage = (perPage.get(page) ?? 0) + 1;
        perPage.set(page, onPage);
        if (onPage > limits.maxParagraphsPerPage) {
          throw new ExtractError(
            'too-many-blocks',
            MESSAGES.tooManyOnPage(page, limits.maxParagraphsPerPage),
          );
        }
        if (++all > limits.maxParagraphs) {
          throw new ExtractError('too-many-blocks', MESSAGES.tooMany(limits.maxParagraphs));
        }
      }
    }
  }
}
