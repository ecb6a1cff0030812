import { describe, expect, it } from 'vitest';
import {
  isPrintedNumber,
  paragraphLabel,
  sameParagraphId,
  sectionName,
  stripBookPrefix,
} from '../src/index.ts';

describe('paragraph ids (docs/product.md §3)', () => {
  it('strips a book prefix, and leaves an id without one as is', () => {
    expect(stripBookPrefix('12:3.2.4')).toBe('3.2.4');
    expect(stripBookPrefix('3.2.4')).toBe('3.2.4');
    expect(stripBookPrefix('intro')).toBe('intro');
  });

  it('matches ids ignoring the book prefix', () => {
    expect(sameParagraphId('12:3.2.4', '3.2.4')).toBe(true);
    expect(sameParagraphId('3.2.4', '7:3.2.4')).toBe(true);
    expect(sameParagraphId('12:3.2.4', '12:3.2.4')).toBe(true);
    expect(sameParagraphId('12:3.2.4', '12:3.2.5')).toBe(false);
    expect(sameParagraphId('3.2.4', '3.2.40')).toBe(false);
    expect(sameParagraphId('3.2.4', null)).toBe(false);
    expect(sameParagraphId(undefined, '3.2.4')).toBe(false);
  });

  it("labels 'section.paragraph' ids as 'Section X, Paragraph N', the last dot splitting them", () => {
    expect(paragraphLabel('3.2.4')).toBe('Section 3.2, Paragraph 4');
    expect(paragraphLabel('12:3.2.4')).toBe('Section 3.2, Paragraph 4');
    expect(paragraphLabel('5.7')).toBe('Section 5, Paragraph 7');
    expect(paragraphLabel('A.1.10')).toBe('Section A.1, Paragraph 10');
  });

  it("labels an id with no dot 'Paragraph X'", () => {
    expect(paragraphLabel('intro')).toBe('Paragraph intro');
    expect(paragraphLabel('12:intro')).toBe('Paragraph intro');
    expect(paragraphLabel('.4')).toBe('Paragraph .4');
  });
});

describe('labels of sections the book gives no number', () => {
  it('name the section by its title, never by the id made for it', () => {
    expect(isPrintedNumber('3.2')).toBe(true);
    expect(isPrintedNumber('A.1')).toBe(true);
    expect(isPrintedNumber('II')).toBe(true);
    expect(isPrintedNumber('4.properties')).toBe(false);
    expect(paragraphLabel('4.properties.2', 'Properties')).toBe('“Properties”, Paragraph 2');
    expect(paragraphLabel('12:0.2.notation.7', 'Notation')).toBe('“Notation”, Paragraph 7');
    expect(paragraphLabel('4.properties.2')).toBe('Paragraph 2');
    expect(paragraphLabel('3.2.4', 'Definitions')).toBe('Section 3.2, Paragraph 4');
    expect(sectionName('4.properties', 'Properties')).toBe('“Properties”');
    expect(sectionName('3.2', 'Definitions')).toBe('Section 3.2');
  });
});
