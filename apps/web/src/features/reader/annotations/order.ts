import type { Annotation } from '@threadbook/contracts';

/** Highlights in book order, as the server lists them: page, then place in the page's text, then age. */
export function inBookOrder(annotations: readonly Annotation[]): Annotation[] {
  return annotations.toSorted(
    (a, b) =>
      a.target.page - b.target.page ||
      a.target.position.start - b.target.position.start ||
      a.createdAt.localeCompare(b.createdAt) ||
      a.id.localeCompare(b.id),
  );
}

/** The first line of a note, for lists and the related panel; null for no note. */
export function firstLine(note: string | null): string | null {
  const line = note?.split('\n').find((text) => text.trim() !== '');
  return line?.trim() ?? null;
}
