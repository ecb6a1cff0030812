import { afterNextPaint } from '../../../lib/after-paint.ts';

/**
 * Draws one page at a time, the visible ones first, then the nearest to them (as pdf.js's own viewer does).
 * Drawing every wanted page at once makes them all finish late: on a jump, the page asked for came last.
 * A page ahead of the view waits while a visible page is not drawn yet, even when that page's data is
 * still on its way: the neighbour would otherwise take the turn of the page the student is looking at.
 * And once the view has moved, the pages out of view wait until the browser has painted a frame: a page turn
 * shows at once, and the drawing of the page after it (pdf.js draws on this thread) does not hold up the
 * frame that shows it.
 * What is left of a slow turn (traced, issue 36): a turn that comes as the page drawn ahead gets its text
 * layer (some 1,500 spans) pays their style and layout, 20 to 50 ms, forced in the click's task by the
 * scroll; and that page's drawing goes on in animation frames, one slice of which may run in the turn's.
 * Tried without gain: `content-visibility: auto` on the pages (the page is within the browser's margin
 * around the view, so it is laid out anyway), and building the text layer apart to put it in whole, as
 * pdf.js's viewer does (the cost moved, it did not shrink); and putting a page ahead's layer in 250 spans
 * a frame (each frame still laid out and painted the whole layer, 27 to 35 ms, so more clicks met one).
 */

/** Starts drawing a page; settles (never rejects) when the page is drawn, cancelled or failed. */
export type RenderJob = () => Promise<void>;

export interface RenderQueue {
  /** The pages in view now; the next job is the one nearest to them. */
  setVisible(first: number, last: number): void;
  /** Queues `job` for `page` (replacing a queued one of that page); the answer takes it out of the queue. */
  enqueue(page: number, job: RenderJob): () => void;
}

export function createRenderQueue(afterPaint: (task: () => void) => void = afterNextPaint): RenderQueue {
  let first = 1;
  let last = 1;
  // Whether a frame has been painted since the view last moved, and whether one is waited for.
  let paintedSinceMove = false;
  let waitingForPaint = false;
  const waiting = new Map<number, RenderJob>();
  // Each page's latest job, and the pages whose latest job has finished (a page queued again for a new
  // zoom, or taken out, is not drawn until its next job finishes).
  const latest = new Map<number, RenderJob>();
  const drawn = new Set<number>();
  let running = false;

  const distance = (page: number) => (page < first ? first - page : page > last ? page - last : 0);
  const visibleUndrawn = () => {
    for (let page = first; page <= last; page++) if (!drawn.has(page)) return true;
    return false;
  };

  const next = () => {
    if (running || waiting.size === 0) return;
    let best: number | undefined;
    for (const page of waiting.keys()) {
      if (best === undefined || distance(page) < distance(best)) best = page;
    }
    if (distance(best!) > 0) {
      if (visibleUndrawn()) return;
      if (!paintedSinceMove) {
        if (waitingForPaint) return;
        waitingForPaint = true;
        return afterPaint(() => {
          waitingForPaint = false;
          paintedSinceMove = true;
          next();
        });
      }
    }
    const page = best!;
    const job = waiting.get(page)!;
    waiting.delete(page);
    running = true;
    void job().finally(() => {
      if (latest.get(page) === job) drawn.add(page);
      running = false;
      next();
    });
  };

  return {
    setVisible(from, to) {
      if (from !== first || to !== last) paintedSinceMove = false;
      first = from;
      last = to;
      queueMicrotask(next);
    },
    enqueue(page, job) {
      drawn.delete(page);
      latest.set(page, job);
      waiting.set(page, job);
      // After the caller's own work (the other pages' effects), so the nearest is chosen among them all.
      queueMicrotask(next);
      return () => {
        if (latest.get(page) !== job) return;
        latest.delete(page);
        waiting.delete(page);
        drawn.delete(page);
      };
    },
  };
}
