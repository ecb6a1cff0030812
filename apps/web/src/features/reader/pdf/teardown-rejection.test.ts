import { describe, expect, it } from 'vitest';
import { ignorePdfTeardownRejections, isPdfTeardownRejection } from './teardown-rejection.ts';

describe("pdf.js's teardown rejection", () => {
  it("is pdf.js's null message handler, as Chromium and Firefox word it, and nothing else", () => {
    expect(
      isPdfTeardownRejection(new TypeError("Cannot read properties of null (reading 'sendWithPromise')")),
    ).toBe(true);
    expect(
      isPdfTeardownRejection(
        new TypeError('can\'t access property "sendWithPromise", this.messageHandler is null'),
      ),
    ).toBe(true);
    expect(isPdfTeardownRejection(new TypeError("Cannot read properties of null (reading 'render')"))).toBe(
      false,
    );
    expect(isPdfTeardownRejection(new Error('sendWithPromise'))).toBe(false);
    expect(isPdfTeardownRejection('sendWithPromise')).toBe(false);
  });

  it('is kept from being reported; any other rejection is not', () => {
    ignorePdfTeardownRejections();
    ignorePdfTeardownRejections();
    const rejection = (reason: unknown) => {
      const event = new Event('unhandledrejection', { cancelable: true }) as Event & { reason: unknown };
      event.reason = reason;
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(rejection(new TypeError("Cannot read properties of null (reading 'sendWithPromise')"))).toBe(true);
    expect(rejection(new TypeError('x is undefined'))).toBe(false);
  });
});
