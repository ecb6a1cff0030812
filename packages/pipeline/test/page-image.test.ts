import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { openPageRenderer, renderCover } from '../src/page-image.ts';
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

  it('makes a cover from the first page, and fails with pdf.js’s error on a file that is no PDF', async () => {
    const pdf = await makePdf((doc) => doc.text('Cover', 72, 72));
    const cover = await darkness(await renderCover(pdf, 400));
    expect(cover.width).toBe(400);
    await expect(openPageRenderer(new TextEncoder().encode('not a pdf'))).rejects.toThrow(/PDF/);
  });
});
