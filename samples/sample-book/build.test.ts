import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSampleBook,
  layoutSampleBook,
  sampleCrossReferences,
  SAMPLE_BOOK,
  validateBook,
  type BuildResult,
} from './index.ts';

type LoadingTask = ReturnType<typeof getDocument>;
type PdfDocument = Awaited<LoadingTask['promise']>;

let dir: string;
let outPath: string;
let result: BuildResult;
let pdf: PdfDocument;
let task: LoadingTask | undefined;

async function pageText(pageNumber: number): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
}

const normalize = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'threadbook-sample-'));
  outPath = path.join(dir, 'nested', 'sample.pdf');
  result = await buildSampleBook(outPath);
  task = getDocument({ data: new Uint8Array(await readFile(outPath)), verbosity: 0 });
  pdf = await task.promise;
}, 60_000);

afterAll(async () => {
  await task?.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('sample book', () => {
  it('is a consistent text', () => {
    expect(() => validateBook(SAMPLE_BOOK)).not.toThrow();
    expect(SAMPLE_BOOK.chapters.length).toBeGreaterThanOrEqual(3);
  });

  it('renders at least 25 pages with at least 3 chapters', async () => {
    expect(result.pages).toBeGreaterThanOrEqual(25);
    expect(pdf.numPages).toBe(result.pages);
    expect(result.truth.pages).toBe(result.pages);
    expect(result.truth.chapters.length).toBeGreaterThanOrEqual(3);
    const bytes = await readFile(outPath);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(result.sha256);
  });

  it('has document metadata', async () => {
    const { info } = (await pdf.getMetadata()) as { info: Record<string, unknown> };
    expect(info['Title']).toBe('Networks and Graphs: A Gentle Introduction');
    expect(info['Author']).toBe('The Threadbook Team');
  });

  it('has an outline of chapters with their sections nested', async () => {
    const outline = await pdf.getOutline();
    const chapters = outline.filter((item) => /^\d+ /.test(item.title));
    expect(chapters.map((c) => c.title)).toEqual(result.truth.chapters.map((c) => `${c.number} ${c.title}`));
    for (const [i, chapter] of result.truth.chapters.entries()) {
      const item = chapters[i];
      expect(item?.items.map((s) => s.title)).toEqual(chapter.sections.map((s) => `${s.number} ${s.title}`));
      // Outline entries point to named destinations on the page the truth records.
      const dest = await pdf.getDestination(String(item?.dest));
      const ref = dest?.[0] as { num: number; gen: number };
      expect((await pdf.getPageIndex(ref)) + 1).toBe(chapter.page);
    }
  });

  it('prints every section heading on the page the truth says', async () => {
    for (const chapter of result.truth.chapters) {
      expect(normalize(await pageText(chapter.page))).toContain(`Chapter ${chapter.number} ${chapter.title}`);
      for (const section of chapter.sections) {
        expect(normalize(await pageText(section.page))).toContain(`${section.number} ${section.title}`);
      }
    }
    const contents = normalize(await pageText(result.truth.contentsPage));
    expect(contents).toContain('Contents');
    expect(contents).toContain('2.1 Trees and Their Characterizations');
  });

  it('records at least 40 cross-references, all to existing targets, each printed on its page', async () => {
    const refs = result.truth.crossReferences;
    expect(refs.length).toBeGreaterThanOrEqual(40);
    expect(refs.map((r) => r.phrase)).toEqual(sampleCrossReferences().map((r) => r.phrase));
    const known = new Set([
      ...result.truth.chapters.map((c) => `chapter ${c.number}`),
      ...result.truth.chapters.flatMap((c) => c.sections.map((s) => `section ${s.number}`)),
      ...result.truth.items.map((item) => `${item.kind} ${item.number}`),
    ]);
    for (const ref of refs) {
      expect(ref.targets.length).toBeGreaterThan(0);
      for (const target of ref.targets) {
        expect(known.has(`${target.kind} ${target.number}`), `${ref.phrase} → ${target.label}`).toBe(true);
        expect(target.page).toBeGreaterThan(0);
      }
    }
    expect(refs.some((r) => r.phrase.includes('–'))).toBe(true);
    expect(refs.some((r) => r.targets.length > 1 && r.phrase.includes(' and '))).toBe(true);
    // Spot-check: a reference phrase appears on the page recorded for it, with a link to its first target.
    const sample = refs.filter((r) => r.sourceSection === '2.3')[0];
    expect(sample).toBeDefined();
    if (!sample) return;
    expect(normalize(await pageText(sample.page))).toContain(sample.phrase);
    const annotations = (await (await pdf.getPage(sample.page)).getAnnotations()) as { dest?: unknown }[];
    const first = sample.targets[0];
    expect(annotations.some((a) => a.dest === `${first?.kind}-${first?.number}`)).toBe(true);
  });

  it('lays out the same way without rendering', () => {
    expect(layoutSampleBook()).toEqual(result.truth);
  });

  it('is byte-for-byte reproducible', async () => {
    const again = await buildSampleBook(path.join(dir, 'again.pdf'));
    expect(again.sha256).toBe(result.sha256);
  }, 60_000);
});
