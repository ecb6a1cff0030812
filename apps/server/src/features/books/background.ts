import os from 'node:os';

/** The nice value of import threads: the readers' requests come first when both want a core. */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's CPU priority, for the threads that import books. On Linux a priority is a
 * thread's own (setpriority on 0 lowers the calling thread only, not the server's event loop beside it),
 * and a thread started afterwards (the page-reading worker) inherits it. Where lowering is not allowed
 * or not supported, the import runs at the usual priority.
 */
export function runAsBackground(): void {
  try {
    if (os.getPriority(0) < BACKGROUND_NICE) os.setPriority(0, BACKGROUND_NICE);
  } catch {
    // Not permitted here: the import still runs.
  }
}
