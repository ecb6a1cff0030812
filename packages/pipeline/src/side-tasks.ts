/** What the side thread (side-thread.ts) can be asked to do: tasks of plain, cloneable input and output. */
import { drawOpeningPages } from './page-image.ts';

export const SIDE_TASKS = {
  openingPages: drawOpeningPages,
};

export type SideTasks = typeof SIDE_TASKS;
