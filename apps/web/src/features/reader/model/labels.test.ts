import { describe, expect, it } from 'vitest';
import { UNNUMBERED_OUTLINE } from '../../../test/unnumbered-book.ts';
import {
  pageLabel,
  paragraphLabel,
  relationshipTypeLabel,
  sameParagraphId,
  sectionLabel,
  sectionTitlesOf,
  stripBookPrefix,
} from './labels.ts';

/** UNNUMBERED_OUTLINE with a front matter numbered only by its chapter, a repeated id and a blank title. */
const TITLES = sectionTitlesOf([
  ...UNNUMBERED_OUTLINE,
  {
    id: '0',
    title: 'Front Matter',
    level: 1,
    pageNumber: 1,
    children: [
      { id: '0.2.notation', title: ' Notation ', level: 2, pageNumber: 3 },
      { id: '4.properties', title: 'Properties again', level: 2, pageNumber: 45 },
      { id: '0.blank', title: '  ', level: 2, pageNumber: 4 },
    ],
  },
]);

describe('paragraph labels (docs/product.md §3 "Paragraph ids")', () => {
  it.each([
    ['3.2.4', 'Section 3.2, Paragraph 4'],
    ['12:3.2.4', 'Section 3.2, Paragraph 4'],
    ['5.7', 'Section 5, Paragraph 7'],
    ['7:5.7', 'Section 5, Paragraph 7'],
    ['A.1.12', 'Section A.1, Paragraph 12'],
    ['intro', 'Paragraph intro'],
    ['3:intro', 'Paragraph intro'],
  ])('labels %j as %j', (id, label) => {
    expect(paragraphLabel(id, null)).toBe(label);
    expect(paragraphLabel(id, TITLES)).toBe(label);
  });

  it.each([
    ['4.properties.2', '“Properties”, Paragraph 2'],
    ['12:4.properties.2', '“Properties”, Paragraph 2'],
    ['0.2.notation.7', '“Notation”, Paragraph 7'],
    ['4.2.3', 'Section 4.2, Paragraph 3'],
  ])('labels %j of a section without a number by its title: %j', (id, label) => {
    expect(paragraphLabel(id, TITLES)).toBe(label);
  });

  it('never shows the id of a section whose title is not known', () => {
    expect(paragraphLabel('4.properties.2', null)).toBe('Paragraph 2');
    expect(paragraphLabel('4.unknown.5', TITLES)).toBe('Paragraph 5');
    expect(paragraphLabel('0.blank.1', TITLES)).toBe('Paragraph 1');
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
    expect(sectionLabel(section, null)).toBe(label);
    expect(sectionLabel(section, TITLES)).toBe(label);
  });

  it.each([
    ['4.properties', '“Properties”'],
    ['0.2.notation', '“Notation”'],
  ])('names section %j without a number by its title: %j', (section, label) => {
    expect(sectionLabel(section, TITLES)).toBe(label);
  });

  it.each([undefined, null, '', '   '])("says 'Unknown Section' for %j", (section) => {
    expect(sectionLabel(section, TITLES)).toBe('Unknown Section');
  });

  it("says 'Unknown Section' for a section without a number whose title is not known, never its id", () => {
    expect(sectionLabel('4.properties', null)).toBe('Unknown Section');
    expect(sectionLabel('4.unknown', TITLES)).toBe('Unknown Section');
  });
});

describe('sectionTitlesOf', () => {
  it('keeps each section id with its trimmed title; the first wins, a blank title is left out', () => {
    expect([...TITLES]).toEqual([
      ['4.definitions', 'Definitions'],
      ['4.properties', 'Properties'],
      ['4.2', 'Subgroups'],
      ['4.examples', 'Examples'],
      ['0.2.notation', 'Notation'],
    ]);
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
