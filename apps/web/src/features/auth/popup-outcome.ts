/** The message better-auth's popup completion page posts to its opener before it closes itself. */
const POPUP_MESSAGE_TYPE = 'better-auth:oauth-popup';

/** How long a closed popup's message may trail its closing before the sign-in counts as cancelled. */
export const LATE_POPUP_MESSAGE_MS = 2000;

export interface PopupOutcome {
  error?: { code: string; description?: string | undefined } | undefined;
  token?: string | undefined;
}

/**
 * Listens for the popup's outcome message from this origin. better-auth stops listening as soon as it sees
 * the popup closed, and on a busy machine the closing can be noticed before the message that was posted just
 * before it: the outcome (an error such as "account exists", or a success) would be lost as "cancelled".
 */
export function listenForPopupOutcome(origin = window.location.origin) {
  let outcome: PopupOutcome | null = null;
  let notify: (() => void) | null = null;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as ({ type?: unknown } & PopupOutcome) | null;
    if (event.origin !== origin || data?.type !== POPUP_MESSAGE_TYPE) return;
    outcome = { error: data.error, token: data.token };
    notify?.();
  };
  window.addEventListener('message', onMessage);
  return {
    /** The outcome, waiting up to `ms` for it to arrive; null when none came. */
    within(ms: number): Promise<PopupOutcome | null> {
      if (outcome) return Promise.resolve(outcome);
      return new Promise((resolve) => {
        const timer = window.setTimeout(() => resolve(outcome), ms);
        notify = () => {
          window.clearTimeout(timer);
          resolve(outcome);
        };
      });
    },
    stop() {
      window.removeEventListener('message', onMessage);
    },
  };
}
