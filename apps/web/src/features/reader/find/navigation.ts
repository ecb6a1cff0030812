/** Moving between the hits of a search (Enter, Shift+Enter, the find bar's arrows). */

export type Direction = 1 | -1;

/**
 * The hit after (`direction` 1) or before (-1) hit `current`, wrapping at both ends. With no hit chosen
 * yet (`current` -1), the first hit on or after the page shown going forward, the last on or before it
 * going back (wrapping when there is none). -1 when there are no hits.
 */
export function stepHit(
  hits: readonly { page: number }[],
  current: number,
  direction: Direction,
  currentPage: number,
): number {
  const count = hits.length;
  if (count === 0) return -1;
  if (current >= 0 && current < count) return (current + direction + count) % count;
  if (direction === 1) {
    const index = hits.findIndex((hit) => hit.page >= currentPage);
    return index === -1 ? 0 : index;
  }
  const index = hits.findLastIndex((hit) => hit.page <= currentPage);
  return index === -1 ? count - 1 : index;
}
