import type { PageTerm } from '@threadbook/contracts';

/**
 * The term use under a point of the page (fractions of the page), as its index; -1 for none. Its box
 * reaches a little below the words, so the dotted line under them counts.
 */
export function termAt(terms: readonly PageTerm[], x: number, y: number): number {
  return terms.findIndex(
    ({ rect }) => x >= rect.x && x <= rect.x + rect.w && y >= rect.y && y <= rect.y + rect.h * 1.15,
  );
}
