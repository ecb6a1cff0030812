/**
 * Draws one page at a time, the visible ones first, then the nearest to them (as pdf.js's own viewer does).
 * Drawing every wanted page at once makes them all finish late: on a jump, the page asked for came last.
 */

/** Starts drawing a page; settles (never rejects) when the page is drawn, cancelled or failed. */
export type RenderJob = () => Promise<void>;

export interface RenderQueue {
  /** The pages in view now; the next job is the one nearest to them. */
  setVisible(first: number, last: number): void;
  /** Queues `job` for `page` (replacing a queued one of that page); the answer takes it out of the queue. */
  enqueue(page: number, job: RenderJob): () => void;
}

export function createRenderQueue(): RenderQueue {
  let first = 1;
  let last = 1;
  const waiting = new Map<number, RenderJob>();
  let running = false;

  const distance = (page: number) => (page < first ? first - page : page > last ? page - last : 0);

  const next = () => {
    if (running || waiting.size === 0) return;
    let best: number | undefined;
    for (const page of waiting.keys()) {
      if (best === undefined || distance(page) < distance(best)) best = page;
    }
    const job = waiting.get(best!)!;
    waiting.delete(best!);
    running = true;
    void job().finally(() => {
      running = false;
      next();
    });
  };

  return {
    setVisible(from, to) {
      first = from;
      last = to;
    },
    enqueue(page, job) {
      waiting.set(page, job);
      // After the caller's own work (the other pages' effects), so the nearest is chosen among them all.
      queueMicrotask(next);
      return () => {
        if (waiting.get(page) === job) waiting.delete(page);
      };
    },
  };
}
