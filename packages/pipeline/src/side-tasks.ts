/**
 * What the side thread (side-thread.ts) can be asked to do: tasks of plain, cloneable input and output.
 * Each loads its modules when first run: a worker does one task, and drawing pages needs pdf.js where
 * finding similar paragraphs does not.
 */
import type { OpeningPagesRequest } from './page-image.ts';

export const SIDE_TASKS = {
  openingPages: async (request: OpeningPagesRequest) =>
    (await import('./page-image.ts')).drawOpeningPages(request),
  nearestTexts: async (texts: readonly string[]) =>
    (await import('./graph/semantic/nearest.ts')).nearestTexts(texts),
};

export type SideTasks = typeof SIDE_TASKS;
