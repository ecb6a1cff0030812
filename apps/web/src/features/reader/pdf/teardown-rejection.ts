/**
 * pdf.js (6.5) leaves one promise rejected with nobody to handle it when a document is destroyed while the
 * browser still loads one of its fonts: the font's fallback asks the worker through the message handler
 * destroy() has just dropped ("Cannot read properties of null (reading 'sendWithPromise')"). It happens
 * when a student leaves the reader while a page is drawn. The document is gone and nothing is lost, so that
 * one rejection is not reported as an error of the page; every other one still is.
 */
export function isPdfTeardownRejection(reason: unknown): boolean {
  return reason instanceof TypeError && reason.message.includes('sendWithPromise');
}

let installed = false;

/** Keeps pdf.js's teardown rejection (above) from being reported, once for the window. */
export function ignorePdfTeardownRejections(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('unhandledrejection', (event) => {
    if (isPdfTeardownRejection(event.reason)) event.preventDefault();
  });
}
