/**
 * Where a PDF's last cross-reference section starts, read as pdf.js reads it: the number after the last
 * `startxref` in the file's last 1024 bytes. pdf.js reads that section (and, for a cross-reference stream,
 * the object streams it lists near it) before anything else, one range at a time.
 */
export function lastStartXref(fileEnd: Uint8Array): number | null {
  const text = new TextDecoder('latin1').decode(fileEnd.subarray(Math.max(0, fileEnd.length - 1024)));
  const at = text.lastIndexOf('startxref');
  if (at < 0) return null;
  const offset = /^\s+(\d{1,15})/.exec(text.slice(at + 'startxref'.length))?.[1];
  return offset === undefined ? null : Number(offset);
}
