// Loaded only when a PDF is chosen (a dynamic import): pdf.js stays out of the Library's first script.
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PdfSelfDescription } from './pdf-file.ts';

interface Line {
  y: number;
  size: number;
  text: string;
}

/** The first page's text line set in the largest font (the topmost, if several are). */
function largestLine(items: TextItem[]): string | null {
  const lines = new Map<number, Line>();
  for (const item of items) {
    if (!item.str.trim()) continue;
    const [, , c = 0, d = 0, , f = 0] = item.transform as number[];
    const size = Math.hypot(c, d) || item.height;
    const y = Math.round(f);
    const line = lines.get(y);
    if (!line) lines.set(y, { y, size, text: item.str });
    else {
      line.size = Math.max(line.size, size);
      line.text += (item.hasEOL || line.text.endsWith(' ') || item.str.startsWith(' ') ? '' : ' ') + item.str;
    }
  }
  let best: Line | undefined;
  for (const line of lines.values()) {
    if (!best || line.size > best.size + 0.01 || (Math.abs(line.size - best.size) <= 0.01 && line.y > best.y))
      best = line;
  }
  return best?.text ?? null;
}

/** What the PDF says of itself (metadata, the first page's largest line); empty when it cannot be read. */
export async function describePdf(bytes: ArrayBuffer): Promise<PdfSelfDescription> {
  if (!GlobalWorkerOptions.workerSrc) GlobalWorkerOptions.workerSrc = workerUrl;
  const task = getDocument({ data: new Uint8Array(bytes) });
  try {
    const pdf = await task.promise;
    const { info } = (await pdf.getMetadata()) as { info: Record<string, unknown> };
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    let line: string | null = null;
    try {
      const page = await pdf.getPage(1);
      const content = await page.getTextContent();
      line = largestLine(content.items.filter((item): item is TextItem => 'str' in item));
    } catch {
      // A page that cannot be read leaves the file name to guess from.
    }
    return { metadataTitle: text(info.Title), metadataAuthor: text(info.Author), largestLine: line };
  } catch {
    // Encrypted or broken: the server says why; the form starts from the file name.
    return {};
  } finally {
    void task.destroy();
  }
}
