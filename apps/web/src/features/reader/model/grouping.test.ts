import type { RelatedParagraph } from '@threadbook/contracts';
import { describe, expect, it } from 'vitest';
import {
  groupRelationships,
  relationshipCountText,
  relationshipGroupOf,
  relationshipsAvailableText,
} from './grouping.ts';

function related(id: string, relationship_type: string): RelatedParagraph {
  return {
    // The contract's enum is upper case; the grouping also takes the written forms the spec names.
    relationship_type: relationship_type as RelatedParagraph['relationship_type'],
    node: { id, page: 1, y_start: 0.5, text: `Text of ${id}` },
    justification: 'No justification provided',
    score: 0.5,
    distance: 1,
  };
}

function idsByGroup(items: RelatedParagraph[]) {
  return groupRelationships(items).map((group) => [
    group.title,
    group.count,
    group.items.map((i) => i.node.id),
  ]);
}

describe('relationshipGroupOf', () => {
  it.each([
    ['Background', 'background'],
    ['BACKGROUND', 'background'],
    ['Elaboration', 'elaboration'],
    ['ELABORATION', 'elaboration'],
    ['EXAMPLE', 'other'],
    ['CONTRAST', 'other'],
    ['RELATED', 'other'],
    ['Example', 'other'],
    ['', 'other'],
    // Only the two forms the spec names; other spellings are some other type.
    ['background', 'other'],
    ['Elaboration ', 'other'],
    ['BackGround', 'other'],
  ])('puts %j in %s', (type, group) => {
    expect(relationshipGroupOf(type)).toBe(group);
  });
});

describe('groupRelationships', () => {
  it('groups Background, Elaboration and Other Relationships in that order, with counts', () => {
    const items = [
      related('5.1.2', 'EXAMPLE'),
      related('3.2.1', 'ELABORATION'),
      related('1.1.1', 'Background'),
      related('4.4.4', 'CONTRAST'),
      related('2.2.2', 'BACKGROUND'),
      related('6.1.1', 'Elaboration'),
      related('7.1.1', 'RELATED'),
    ];
    expect(idsByGroup(items)).toEqual([
      ['Background', 2, ['1.1.1', '2.2.2']],
      ['Elaboration', 2, ['3.2.1', '6.1.1']],
      ['Other Relationships', 3, ['5.1.2', '4.4.4', '7.1.1']],
    ]);
    expect(groupRelationships(items).map((group) => group.key)).toEqual([
      'background',
      'elaboration',
      'other',
    ]);
  });

  it('keeps each item whole and in the ranked order within its group', () => {
    const items = [related('b', 'BACKGROUND'), related('a', 'BACKGROUND')];
    const [background] = groupRelationships(items);
    expect(background?.items[0]).toBe(items[0]);
    expect(background?.items[1]).toBe(items[1]);
  });

  it('leaves out groups with no items', () => {
    expect(idsByGroup([related('1.1', 'EXAMPLE')])).toEqual([['Other Relationships', 1, ['1.1']]]);
    expect(idsByGroup([related('1.1', 'ELABORATION')])).toEqual([['Elaboration', 1, ['1.1']]]);
  });

  it('gives no groups for no items', () => {
    expect(groupRelationships([])).toEqual([]);
  });

  it('accounts for every item exactly once', () => {
    const types = ['BACKGROUND', 'Elaboration', 'X', 'ELABORATION', 'Background', 'background'];
    const items = types.map((type, i) => related(String(i), type));
    const grouped = groupRelationships(items).flatMap((group) => group.items);
    expect(grouped).toHaveLength(items.length);
    expect(new Set(grouped)).toEqual(new Set(items));
  });
});

describe('count texts', () => {
  it("says 'relationship' for one and 'relationships' otherwise", () => {
    expect(relationshipCountText(1)).toBe('1 relationship');
    expect(relationshipCountText(0)).toBe('0 relationships');
    expect(relationshipCountText(2)).toBe('2 relationships');
    expect(relationshipCountText(21)).toBe('21 relationships');
  });

  it("writes the tooltip's 'N relationship(s) available'", () => {
    expect(relationshipsAvailableText(1)).toBe('1 relationship(s) available');
    expect(relationshipsAvailableText(4)).toBe('4 relationship(s) available');
  });

  it.each([-1, 1.5, Number.NaN])('rejects a count of %s', (count) => {
    expect(() => relationshipCountText(count)).toThrow('A count must be a whole number of at least 0');
    expect(() => relationshipsAvailableText(count)).toThrow('A count must be a whole number of at least 0');
  });
});
