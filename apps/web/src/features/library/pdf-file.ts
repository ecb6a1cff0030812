import { UploadErrorMessage } from '@threadbook/contracts';

/** The bytes every PDF starts with. */
const PDF_MAGIC = '%PDF-';

/**
 * Why a chosen file cannot be added, in the server's own words, or null when it may be: a convenience
 * (the server checks again), so that a wrong file is refused before it is sent.
 */
export async function refusePdf(file: Blob, maxBookMb: number): Promise<string | null> {
  const head = new Uint8Array(await readBytes(file.slice(0, PDF_MAGIC.length)));
  const text = String.fromCharCode(...head);
  if (text !== PDF_MAGIC) return UploadErrorMessage.notPdf;
  if (file.size > maxBookMb * 1024 * 1024) return UploadErrorMessage.tooLarge(maxBookMb);
  return null;
}

/** A blob's bytes (Blob.arrayBuffer, or a FileReader where a DOM has no arrayBuffer). */
export function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/** What a PDF says of itself: its metadata, and the first page's line in the largest font. */
export interface PdfSelfDescription {
  metadataTitle?: string | null;
  metadataAuthor?: string | null;
  largestLine?: string | null;
}

/** Single-line, trimmed, and at most `max` characters. */
function clean(text: string | null | undefined, max = 300): string {
  return (text ?? '')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The file name without its folder and its .pdf ending. */
export function fileNameTitle(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return clean(base.replace(/\.pdf$/i, '')) || clean(base);
}

/**
 * The title and author the add form starts with: the metadata's title, else the first page's largest line
 * (a fair guess at a title page), else the file name without .pdf; the metadata's author, else nothing.
 */
export function prefillBookText(
  fileName: string,
  pdf: PdfSelfDescription,
): { title: string; author: string } {
  const title = clean(pdf.metadataTitle) || clean(pdf.largestLine) || fileNameTitle(fileName);
  return { title, author: clean(pdf.metadataAuthor) };
}
