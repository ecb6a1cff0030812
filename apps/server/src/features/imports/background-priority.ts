import os from 'node:os';

/**
 * The nice value of import threads: the readers' requests come first when both want a core, and an import
 * goes on with what they leave (200 readers' p99 during imports: 201 ms at 0, 150 at 10, 124 at 19).
 */
export const BACKGROUND_NICE = 19;

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
