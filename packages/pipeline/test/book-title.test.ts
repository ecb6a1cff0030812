import { describe, expect, it } from 'vitest';
import { isPlaceholderTitle } from '../src/extract/book-title.ts';

describe('isPlaceholderTitle', () => {
  it('knows the title fields that name no book', () => {
    for (const junk of [
      '',
      '  ',
      'Page Title',
      'untitled',
      'Untitled document',
      'Document1',
      'C:/USERS/JOHN/LING/TEX/EXPEX/MAN/0.dvi',
      'chapter-all.tex',
      'notes.docx',
      'Microsoft Word - thesis final.doc',
      '1234',
    ]) {
      expect(isPlaceholderTitle(junk), junk).toBe(true);
    }
  });

  it('takes a real title, however short or punctuated', () => {
    for (const title of [
      'R Language Definition',
      'Abstract Algebra',
      'The Debian GNU/Linux FAQ',
      'C++ Primer',
      'Index Theory',
    ]) {
      expect(isPlaceholderTitle(title), title).toBe(false);
    }
  });
});
