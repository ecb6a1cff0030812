/**
 * How the browser tests and the reader bench start Debian's Chromium: the system browser (nothing is
 * downloaded), headless as root, and quiet on a machine with no network but loopback.
 */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
