import { describe, expect, it } from 'vitest';
import { buildBookOutline, parseBookXml, writeBookXml } from '../src/index.ts';
import { largeBookXml } from './generate.ts';

describe('large books', () => {
  const xml = largeBookXml(20_000);

  it('parses 20,000 paragraphs well under a second', () => {
    let started = performance.now();
    parseBookXml(xml); // the first parse, as in a browser tab: code not yet optimised
    const cold = performance.now() - started;
    started = performance.now();
    const book = parseBookXml(xml);
    const warm = performance.now() - started;
    console.info(
      `parseBookXml: 20,000 paragraphs (${(xml.length / 1e6).toFixed(1)} MB): ` +
        `first parse ${cold.toFixed(0)} ms, second ${warm.toFixed(0)} ms`,
    );
    expect(book.chapters).toHaveLength(40);
    expect(book.chapters.flatMap((c) => c.sections.flatMap((s) => s.paragraphs))).toHaveLength(20_000);
    // Generous bounds: the machine may be shared; the point is to catch a quadratic slip.
    expect(cold).toBeLessThan(3000);
    expect(warm).toBeLessThan(3000);
  });

  it('builds the outline of 20,000 paragraphs and writes them back quickly', () => {
    const started = performance.now();
    const outline = buildBookOutline(xml);
    const written = writeBookXml(parseBookXml(xml));
    const elapsed = performance.now() - started;
    console.info(`buildBookOutline + parse + write of 20,000 paragraphs in ${elapsed.toFixed(0)} ms`);
    expect(outline.paragraphs).toHaveLength(20_000);
    expect(outline.paragraphs[19_999]).toMatchObject({ id: '40.10.50', sectionId: '40.10', chapterId: '40' });
    expect(Object.keys(outline.sectionPages)).toHaveLength(400);
    expect(written.length).toBeGreaterThan(xml.length / 2);
    expect(elapsed).toBeLessThan(6000);
  });
});
