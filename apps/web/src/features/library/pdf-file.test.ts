import { describe, expect, it } from 'vitest';
import { UploadErrorMessage } from '@threadbook/contracts';
import { fileNameTitle, prefillBookText, refusePdf } from './pdf-file.ts';

describe('prefillBookText', () => {
  it("takes the metadata's title and author first", () => {
    expect(
      prefillBookText('aata.pdf', {
        metadataTitle: ' Abstract  Algebra ',
        metadataAuthor: 'Thomas W. Judson',
        largestLine: 'ABSTRACT ALGEBRA Theory and Applications',
      }),
    ).toEqual({ title: 'Abstract Algebra', author: 'Thomas W. Judson' });
  });

  it("falls back to the first page's largest line, then to the file name without .pdf", () => {
    expect(prefillBookText('x.pdf', { metadataTitle: '  ', largestLine: 'Linear\nAlgebra' })).toEqual({
      title: 'Linear Algebra',
      author: '',
    });
    expect(prefillBookText('Calculus Notes.PDF', { metadataTitle: null, largestLine: '' })).toEqual({
      title: 'Calculus Notes',
      author: '',
    });
    expect(prefillBookText('notes.pdf', {})).toEqual({ title: 'notes', author: '' });
  });

  it('keeps a title to one line of at most 300 characters', () => {
    const { title } = prefillBookText('a.pdf', { metadataTitle: `A\u0000B ${'x'.repeat(400)}` });
    expect(title.startsWith('A B x')).toBe(true);
    expect(title).toHaveLength(300);
  });

  it('names a file without a name part by itself', () => {
    expect(fileNameTitle('folder/.pdf')).toBe('.pdf');
    expect(fileNameTitle('C:\\books\\Graphs.pdf')).toBe('Graphs');
  });
});

describe('refusePdf', () => {
  it('refuses a file that does not start with %PDF-, with the server message', async () => {
    expect(await refusePdf(new File(['hello, world'], 'notes.pdf'), 200)).toBe(UploadErrorMessage.notPdf);
    expect(await refusePdf(new File([''], 'empty.pdf'), 200)).toBe('This file is not a PDF.');
  });

  it('refuses a PDF larger than the limit, and accepts one within it', async () => {
    const body = new Uint8Array(1024 * 1024 + 10);
    const file = new File(['%PDF-1.7\n', body], 'big.pdf');
    expect(await refusePdf(file, 1)).toBe(UploadErrorMessage.tooLarge(1));
    expect(await refusePdf(file, 1)).toBe('The file is larger than 1 MB.');
    expect(await refusePdf(file, 2)).toBeNull();
  });
});
