import { expect, test } from 'vitest';
import { inverseRelationshipType, RELATIONSHIP_TYPES, relationshipTypeOf } from '../src/index.ts';

test('a stored type is read exactly; anything else is no type', () => {
  for (const type of RELATIONSHIP_TYPES) expect(relationshipTypeOf(type)).toBe(type);
  for (const raw of ['background', ' RELATED', 'SIMILAR', '', 'constructor']) {
    expect(relationshipTypeOf(raw), raw).toBeUndefined();
  }
});

test('Background and Elaboration are each other’s inverse; the other types are their own', () => {
  expect(RELATIONSHIP_TYPES.map(inverseRelationshipType)).toEqual([
    'ELABORATION',
    'BACKGROUND',
    'EXAMPLE',
    'CONTRAST',
    'RELATED',
  ]);
});
