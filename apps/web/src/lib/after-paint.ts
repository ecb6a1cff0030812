/**
 * Runs `task` after the browser has painted its next frame: a task queued from that frame's animation
 * callback. What a page turn need not hold up (drawing the page after it, the anchors of the page turned
 * to) waits for it, so the frame that shows the turn comes at once.
 */
export function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}
