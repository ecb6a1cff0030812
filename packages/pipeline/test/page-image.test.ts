import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { drawOpeningPages, openPageRenderer } from '../src/page-image.ts';
import { onSideThread } from '../src/side-thread.ts';
import { makePdf } from './pdf-fixtures.ts';

/** How dark a picture is on average, 0 (white) to 255, from its encoded bytes. */
async function darkness(bytes: Uint8Array): Promise<{ width: number; height: number; ink: number }> {
  const image = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) sum += 255 - (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
  return { width: image.width, height: image.height, ink: sum / (data.length / 4) };
}

describe('page images', () => {
  it('draws a page at the width asked, its height the page’s, on white paper with its ink', async () => {
    // A US Letter page with a black block on page 2 only.
    const pdf = await makePdf((doc) => {
      doc.fontSize(12).text('First page', 72, 72);
      doc.addPage();
      doc.rect(0, 0, 612, 396).fill('#000000');
    });
    const renderer = await openPageRenderer(pdf);
    try {
      expect(renderer.pageCount).toBe(2);
      const first = await renderer.render(1, 768);
      expect([first.width, first.height]).toEqual([768, Math.round((768 * 792) / 612)]);
      const firstWebp = await first.webp();
      expect(Buffer.from(firstWebp.subarray(8, 12)).toString('latin1')).toBe('WEBP');
      const page1 = await darkness(firstWebp);
      expect(page1.ink).toBeGreaterThan(0);
      expect(page1.ink).toBeLessThan(10);

      // Half the page black: half the ink, at any width, scaled down or drawn.
      const second = await renderer.render(2, 1024);
      for (const picture of [second, second.scaled(512)]) {
        const measured = await darkness(await picture.webp());
        expect(measured.width).toBe(picture.width);
        expect(measured.ink).toBeGreaterThan(120);
        expect(measured.ink).toBeLessThan(135);
      }
      expect(second.scaled(512).height).toBe(Math.round((512 * 792) / 612));
    } finally {
      await renderer.close();
    }
  });

  it('draws a book’s opening pages (a cover, each page at each width) here and on the side thread alike', async () => {
    const pdf = await makePdf((doc) => doc.text('Cover', 72, 72).addPage().text('Second', 72, 72));
    const request = { pdf, pages: 3, widths: [512, 256], coverWidth: 400 };
    const here = await drawOpeningPages(request);
    expect((await darkness(here.cover)).width).toBe(400);
    expect(here.images.map(({ page, width }) => [page, width])).toEqual([
      [1, 512],
      [1, 256],
      [2, 512],
      [2, 256],
    ]);
    for (const image of here.images) expect((await darkness(image.webp)).width).toBe(image.width);
    const beside = await onSideThread('openingPages', request, true);
    expect(beside.images.map((image) => image.webp.length)).toEqual(
      here.images.map((image) => image.webp.length),
    );
  });

  it('fails with pdf.js’s error on a file that is no PDF, on the side thread too', async () => {
    const notPdf = new TextEncoder().encode('not a pdf');
    await expect(openPageRenderer(notPdf)).rejects.toThrow(/PDF/);
    const request = { pdf: notPdf, pages: 1, widths: [256], coverWidth: 400 };
    await expect(onSideThread('openingPages', request, true)).rejects.toThrow(/PDF/);
  });
});
