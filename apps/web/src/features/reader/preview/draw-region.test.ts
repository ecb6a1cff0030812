import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { failure, heldReply, stubApi } from '../../../test/fake-api.ts';
import { useSignedInApi } from '../../../test/signed-in-api.ts';
import { drawnRegion, drawRegion, IMAGE_HEAD_START_MS } from './draw-region.ts';

/** A book whose pages pdf.js draws until told to stop (`cancel`), or until `finish` is called. */
function slowPdf() {
  const cancel = vi.fn();
  let finish = () => {};
  const render = vi.fn(() => {
    const promise = new Promise<void>((resolve, reject) => {
      finish = resolve;
      cancel.mockImplementation(() => reject(new Error('Rendering cancelled')));
    });
    return { promise, cancel };
  });
  const page = { getViewport: () => ({ width: 612, height: 792 }), render };
  const pdf = { getPage: vi.fn(async () => page) } as unknown as PDFDocumentProxy;
  return { pdf, render, cancel, finish: () => finish() };
}

const region = { pageNumber: 40, top: 0.2, height: 0.3 };

describe('drawRegion', () => {
  useSignedInApi();
  /** The page image's calls; each is answered when the test sends its image. */
  let api: ReturnType<typeof stubApi>;
  let image: (value: Response) => void;
  beforeEach(() => {
    api = stubApi(() => {
      const reply = heldReply();
      image = reply.send;
      return reply.promise;
    });
    vi.stubGlobal('createImageBitmap', async () => ({ width: 512, height: 662, close: vi.fn() }));
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
  });

  it('shows the page’s image when it comes first, and stops pdf.js’s drawing', async () => {
    const { pdf, render, cancel } = slowPdf();
    const drawing = drawRegion({ pdf, bookId: 7 }, region, 440, 1);
    await vi.waitFor(() => expect(render).toHaveBeenCalled());
    expect(api.calls.map((call) => call.url)).toEqual(['/api/books/7/pages/40/image?width=512']);
    image(new Response(new Blob(['webp'])));
    const canvas = await drawing;
    expect(canvas.width).toBe(440);
    expect(canvas.height).toBe(Math.round(0.3 * 440 * (662 / 512)));
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('shows pdf.js’s drawing when it comes first', async () => {
    const { pdf, render, cancel, finish } = slowPdf();
    const drawing = drawRegion({ pdf, bookId: 7 }, { ...region, top: 0.5 }, 440, 1);
    await vi.waitFor(() => expect(render).toHaveBeenCalled());
    finish();
    const canvas = await drawing;
    expect(canvas.height).toBe(Math.round(0.3 * 792 * (440 / 612)));
    expect(cancel).not.toHaveBeenCalled();
  });

  it('leaves pdf.js idle when the image comes within its head start, and keeps the drawing at hand', async () => {
    vi.useFakeTimers();
    try {
      api.answerWith(() => new Response(new Blob(['webp'])));
      const { pdf, render } = slowPdf();
      const at = { ...region, top: 0.1 };
      const drawing = drawRegion({ pdf, bookId: 7 }, at, 440, 1);
      expect(drawnRegion(pdf, at, 440, 1)).toBeNull();
      // The page's data is asked for at once, so pdf.js is ready should the image be late.
      expect(pdf.getPage).toHaveBeenCalledWith(40);
      const canvas = await drawing;
      await vi.advanceTimersByTimeAsync(IMAGE_HEAD_START_MS * 2);
      expect(render).not.toHaveBeenCalled();
      expect(drawnRegion(pdf, at, 440, 1)).toBe(canvas);
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws with pdf.js at once when the image fails', async () => {
    vi.useFakeTimers();
    try {
      api.answerWith(() => failure(503, 'Service Unavailable'));
      const { pdf, render, finish } = slowPdf();
      const drawing = drawRegion({ pdf, bookId: 7 }, { ...region, top: 0.6 }, 440, 1);
      await vi.advanceTimersByTimeAsync(0);
      expect(render).toHaveBeenCalled();
      finish();
      expect((await drawing).height).toBe(Math.round(0.3 * 792 * (440 / 612)));
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws with pdf.js after the head start when the image is late', async () => {
    vi.useFakeTimers();
    try {
      const { pdf, render } = slowPdf();
      void drawRegion({ pdf, bookId: 7 }, { ...region, top: 0.7 }, 440, 1);
      await vi.advanceTimersByTimeAsync(IMAGE_HEAD_START_MS - 1);
      expect(render).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(render).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
