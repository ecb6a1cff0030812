import { describe, expect, it } from 'vitest';
import { listenForPopupOutcome } from './popup-outcome.ts';

function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

describe('listenForPopupOutcome', () => {
  it('keeps an outcome that came before it was asked for', async () => {
    const listener = listenForPopupOutcome();
    post({ type: 'better-auth:oauth-popup', error: { code: 'ACCOUNT_NOT_LINKED', description: 'linked' } });
    expect(await listener.within(0)).toEqual({
      error: { code: 'ACCOUNT_NOT_LINKED', description: 'linked' },
      token: undefined,
    });
    listener.stop();
  });

  it('waits for an outcome that trails the popup closing', async () => {
    const listener = listenForPopupOutcome();
    const waiting = listener.within(1000);
    setTimeout(() => post({ type: 'better-auth:oauth-popup', token: 'abc' }), 20);
    expect(await waiting).toEqual({ error: undefined, token: 'abc' });
    listener.stop();
  });

  it('ignores other origins and other messages, and gives null when nothing came in time', async () => {
    const listener = listenForPopupOutcome();
    post({ type: 'better-auth:oauth-popup', token: 'forged' }, 'https://evil.example');
    post({ type: 'something-else', token: 'x' });
    expect(await listener.within(30)).toBeNull();
    listener.stop();
  });

  it('hears nothing once stopped', async () => {
    const listener = listenForPopupOutcome();
    listener.stop();
    post({ type: 'better-auth:oauth-popup', token: 'late' });
    expect(await listener.within(10)).toBeNull();
  });
});
