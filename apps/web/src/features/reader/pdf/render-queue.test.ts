import { describe, expect, it } from 'vitest';
import { createRenderQueue } from './render-queue.ts';

/** A job that records when it starts and finishes when `finish` is called. */
function recorder() {
  const started: number[] = [];
  const finishers = new Map<number, () => void>();
  const job = (page: number) => () =>
    new Promise<void>((resolve) => {
      started.push(page);
      finishers.set(page, resolve);
    });
  const finish = async (page: number) => {
    finishers.get(page)!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { started, job, finish };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** A browser that paints a frame the moment it is waited for. */
const paintAtOnce = (task: () => void) => queueMicrotask(task);

describe('the render queue', () => {
  it('draws one page at a time, the visible ones first, then the nearest to them', async () => {
    const queue = createRenderQueue(paintAtOnce);
    const { started, job, finish } = recorder();
    queue.setVisible(330, 330);
    for (const page of [328, 329, 332, 331, 330]) queue.enqueue(page, job(page));
    await settle();
    expect(started).toEqual([330]);
    await finish(330);
    expect(started).toEqual([330, 329]);
    await finish(329);
    // 331 is one page from the view, 328 two.
    expect(started).toEqual([330, 329, 331]);
    await finish(331);
    await finish(328);
    await finish(332);
    expect(started).toEqual([330, 329, 331, 328, 332]);
  });

  it('follows the view when it moves while pages wait', async () => {
    const queue = createRenderQueue(paintAtOnce);
    const { started, job, finish } = recorder();
    queue.setVisible(1, 1);
    for (const page of [1, 2, 50, 51]) queue.enqueue(page, job(page));
    await settle();
    queue.setVisible(50, 50);
    await finish(1);
    expect(started).toEqual([1, 50]);
  });

  it('keeps a page ahead waiting while a visible page is not drawn, even before that page is queued', async () => {
    const queue = createRenderQueue(paintAtOnce);
    const { started, job, finish } = recorder();
    queue.setVisible(45, 45);
    queue.enqueue(46, job(46));
    queue.enqueue(44, job(44));
    await settle();
    expect(started).toEqual([]);
    queue.enqueue(45, job(45));
    await settle();
    expect(started).toEqual([45]);
    await finish(45);
    expect(started).toEqual([45, 46]);
  });

  it('counts a page taken out after it was drawn as not drawn: its return is waited for again', async () => {
    const queue = createRenderQueue(paintAtOnce);
    const { started, job, finish } = recorder();
    queue.setVisible(5, 5);
    const release = queue.enqueue(5, job(5));
    await settle();
    await finish(5);
    release();
    queue.enqueue(6, job(6));
    await settle();
    expect(started).toEqual([5]);
    queue.enqueue(5, job(55));
    await settle();
    expect(started).toEqual([5, 55]);
  });

  it('forgets a page taken out of the queue, and a job replaced by a newer one', async () => {
    const queue = createRenderQueue(paintAtOnce);
    const { started, job, finish } = recorder();
    queue.setVisible(1, 1);
    queue.enqueue(1, job(1));
    const cancelTwo = queue.enqueue(2, job(2));
    queue.enqueue(3, job(3));
    queue.enqueue(3, job(33));
    cancelTwo();
    await settle();
    await finish(1);
    expect(started).toEqual([1, 33]);
  });

  it('once the view moved, draws the pages out of view only after a frame is painted; a visible one at once', async () => {
    const paints: (() => void)[] = [];
    const queue = createRenderQueue((task) => paints.push(task));
    const { started, job, finish } = recorder();
    queue.setVisible(10, 10);
    queue.enqueue(10, job(10));
    queue.enqueue(11, job(11));
    await settle();
    expect(started).toEqual([10]);
    await finish(10);
    // The page ahead waits for the frame that shows page 10.
    expect(started).toEqual([10]);
    expect(paints).toHaveLength(1);
    paints.shift()!();
    await settle();
    expect(started).toEqual([10, 11]);
    await finish(11);
    // A turn: the page now in view is drawn at once, its neighbour after the next frame again.
    queue.setVisible(11, 11);
    queue.enqueue(12, job(12));
    queue.enqueue(11, job(11));
    await settle();
    expect(started).toEqual([10, 11, 11]);
    await finish(11);
    expect(started).toEqual([10, 11, 11]);
    paints.shift()!();
    await settle();
    expect(started).toEqual([10, 11, 11, 12]);
  });
});
