/**
 * Related paragraphs grouped by relationship type for the panel (docs/product.md §2, §3), and the count texts of the
 * panel and of the anchor tooltip.
 */

export type RelationshipGroupKey = 'background' | 'elaboration' | 'other';

export interface RelationshipGroup<T> {
  key: RelationshipGroupKey;
  /** 'Background', 'Elaboration' or 'Other Relationships'. */
  title: string;
  items: T[];
  count: number;
}

/** The panel's groups in the order it shows them. */
const GROUPS: ReadonlyArray<{ key: RelationshipGroupKey; title: string }> = [
  { key: 'background', title: 'Background' },
  { key: 'elaboration', title: 'Elaboration' },
  { key: 'other', title: 'Other Relationships' },
];

/** Background and Elaboration in their written or upper-case form; every other type goes to Other. */
export function relationshipGroupOf(type: string): RelationshipGroupKey {
  if (type === 'Background' || type === 'BACKGROUND') return 'background';
  if (type === 'Elaboration' || type === 'ELABORATION') return 'elaboration';
  return 'other';
}

/**
 * The items in groups Background, Elaboration, Other Relationships, in that order; within a group the
 * items keep their order (the API ranks them). A group with no items is left out.
 */
export function groupRelationships<T extends { relationship_type: string }>(
  items: readonly T[],
): RelationshipGroup<T>[] {
  return GROUPS.map(({ key, title }) => {
    const members = items.filter((item) => relationshipGroupOf(item.relationship_type) === key);
    return { key, title, items: members, count: members.length };
  }).filter((group) => group.count > 0);
}

function checkCount(count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`A count must be a whole number of at least 0, got ${count}`);
  }
}

/** The panel subtitle's count: '1 relationship', '3 relationships', '0 relationships'. */
export function relationshipCountText(count: number): string {
  checkCount(count);
  return `${count} ${count === 1 ? 'relationship' : 'relationships'}`;
}

/** The anchor tooltip's count, in the spec's own words: '3 relationship(s) available'. */
export function relationshipsAvailableText(count: number): string {
  checkCount(count);
  return `${count} relationship(s) available`;
}
