import { describe, expect, it } from 'vitest';
import {
  pageLabel,
  paragraphLabel,
  relationshipTypeLabel,
  sameParagraphId,
  sectionLabel,
  stripBookPrefix,
} from './labels.ts';

describe('paragraph labels (SPEC §3 "Paragraph ids")', () => {
  it.each([
    ['3.2.4', 'Section 3.2, Paragraph 4'],
    ['12:3.2.4', 'Section 3.2, Paragraph 4'],
    ['5.7', 'Section 5, Paragraph 7'],
    ['7:5.7', 'Section 5, Paragraph 7'],
    ['A.1.12', 'Section A.1, Paragraph 12'],
    ['intro', 'Paragraph intro'],
    ['3:intro', 'Paragraph intro'],
  ])('labels %j as %j', (id, label) => {
    expect(paragraphLabel(id)).toBe(label);
  });

  it('matches ids with or without the book prefix', () => {
    expect(stripBookPrefix('12:3.2.4')).toBe('3.2.4');
    expect(stripBookPrefix('3.2.4')).toBe('3.2.4');
    expect(sameParagraphId('12:3.2.4', '3.2.4')).toBe(true);
    expect(sameParagraphId('12:3.2.4', '3.2.5')).toBe(false);
    expect(sameParagraphId(null, '3.2.4')).toBe(false);
  });
});

describe('sectionLabel', () => {
  it.each([
    ['3.2', 'Section 3.2'],
    ['A', 'Section A'],
    [' 4.1 ', 'Section 4.1'],
  ])('names section %j %j', (section, label) => {
    expect(sectionLabel(section)).toBe(label);
  });

  it.each([undefined, null, '', '   '])("says 'Unknown Section' for %j", (section) => {
    expect(sectionLabel(section)).toBe('Unknown Section');
  });
});

describe('pageLabel', () => {
  it.each([
    [1, 'Page 1'],
    [41, 'Page 41'],
    [1000, 'Page 1000'],
  ])('names page %i %j', (page, label) => {
    expect(pageLabel(page)).toBe(label);
  });

  it.each([undefined, null, 0, -2, 1.5, Number.NaN])("says '?' for an unknown page (%s)", (page) => {
    expect(pageLabel(page)).toBe('?');
  });
});

describe('relationship type labels', () => {
  it.each([
    ['BACKGROUND', 'Background'],
    ['Background', 'Background'],
    ['ELABORATION', 'Elaboration'],
    ['EXAMPLE', 'Example'],
    ['contrast', 'Contrast'],
    [' RELATED ', 'Related'],
    ['', 'Related'],
  ])('shows %j as %j', (type, label) => {
    expect(relationshipTypeLabel(type)).toBe(label);
  });
});
