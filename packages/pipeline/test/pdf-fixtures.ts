/**
 * Small real PDFs for the extraction tests, typeset with pdfkit: each test lays out just the page
 * furniture, columns, listings or notes it is about, in the standard fonts (Times for text, Courier for code).
 */
import PDFDocument from 'pdfkit';

/** A PDF made with pdfkit: `write` draws on it (the first page is there already). */
export function makePdf(
  write: (doc: PDFKit.PDFDocument) => void,
  options: PDFKit.PDFDocumentOptions = {},
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    write(doc);
    doc.end();
  });
}

/** Sentences of real words, different for each `seed`, long enough to fill several lines. */
export function prose(seed: number, sentences = 4): string {
  const subjects = [
    'The group',
    'Every matrix',
    'A finite field',
    'This estimate',
    'The proof',
    'Each vertex',
  ];
  const verbs = ['determines', 'contains', 'preserves', 'approximates', 'generalises', 'bounds'];
  const objects = [
    'the order of every element',
    'a basis of the kernel',
    'the error of the scheme',
    'the number of spanning trees',
    'the sum of the residues',
    'a subgroup of small index',
  ];
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) {
    const k = seed * 7 + i * 3;
    out.push(
      `${subjects[k % 6]} ${verbs[(k + 1) % 6]} ${objects[(k + 2) % 6]} when the assumptions of the previous paragraph hold.`,
    );
  }
  return out.join(' ');
}

/** Writes paragraphs down a column from `top`, with a first-line indent; returns where it stopped. */
export function column(
  doc: PDFKit.PDFDocument,
  paragraphs: string[],
  x: number,
  top: number,
  width: number,
  size = 10,
): number {
  doc.font('Times-Roman').fontSize(size);
  let y = top;
  for (const text of paragraphs) {
    doc.text(text, x, y, { width, align: 'justify', indent: 15, lineGap: 2 });
    y = doc.y + 2;
  }
  return y;
}
