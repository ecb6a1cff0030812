/**
 * When the reading position is saved: a page change is sent after a second without another one, so paging
 * through a chapter makes one call, not one per page; the page saved last is not sent again; and what is
 * still waiting can be sent at once when the student leaves (the tab hidden, the reader closed).
 */

/** A page is saved after this long without another page change. */
export const POSITION_SAVE_DELAY_MS = 1000;

/** Sends a page; `keepalive` when the request must outlive the page. */
export type SavePosition = (page: number, keepalive: boolean) => Promise<void>;

export interface PositionSaver {
  /** The page now shown; it is saved once no other page follows for the delay. */
  change(page: number): void;
  /** Sends the waiting page now, as a keepalive request. */
  flush(): void;
}

/** `alreadySaved` is the page the server holds now (the book opened there): it is not sent again. */
export function createPositionSaver(
  save: SavePosition,
  alreadySaved: number | null = null,
  delayMs: number = POSITION_SAVE_DELAY_MS,
): PositionSaver {
  let lastSaved = alreadySaved;
  let waiting: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const send = (keepalive: boolean) => {
    stopTimer();
    const page = waiting;
    waiting = null;
    if (page === null) return;
    lastSaved = page;
    save(page, keepalive).catch((error: unknown) => {
      // Only logged: the student keeps reading; the page is tried again when it is shown again.
      console.warn(`the reading position (page ${page}) could not be saved`, error);
      if (lastSaved === page) lastSaved = null;
    });
  };

  return {
    change(page) {
      stopTimer();
      // Back on the page already saved before the delay ran out: nothing to send.
      waiting = page === lastSaved ? null : page;
      if (waiting !== null) timer = setTimeout(() => send(false), delayMs);
    },
    flush: () => send(true),
  };
}
