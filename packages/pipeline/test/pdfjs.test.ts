import { describe, expect, it } from 'vitest';
import { loadPdf } from '../src/pdfjs.ts';
import { makePdf } from './pdf-fixtures.ts';

/** Every text item of page 1 as "text@x,y", read with or without shared messages. */
async function pageItems(data: Uint8Array, shareMessages: boolean): Promise<string[]> {
  const task = loadPdf(data, { shareMessages });
  try {
    const page = await (await task.promise).getPage(1);
    const { items } = await page.getTextContent();
    return items.map((item) =>
      'str' in item ? `${item.str}@${item.transform[4]},${item.transform[5]}` : '',
    );
  } finally {
    await task.destroy();
  }
}

describe('pdf.js without cloned messages', () => {
  it('reads the same text items as pdf.js with its own channel, over many streamed chunks', async () => {
    // pdf.js streams a page's text in chunks of about a hundred items and replaces a chunk's item list
    // after sending it: four hundred words placed one by one make several chunks.
    const data = await makePdf((doc) => {
      doc.font('Times-Roman').fontSize(8);
      for (let i = 0; i < 400; i++) doc.text(`w${i}`, 40 + (i % 20) * 26, 40 + Math.floor(i / 20) * 30);
    });
    const shared = await pageItems(data, true);
    expect(shared.filter((s) => s.startsWith('w')).length).toBe(400);
    expect(shared).toEqual(await pageItems(data, false));
  });
});
