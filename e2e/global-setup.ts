import { existsSync } from 'node:fs';
import path from 'node:path';
import { webDistDir } from './support/server.ts';
import { startSharedBookImports } from './support/shared-books.ts';

/**
 * Checks what every test needs before any worker starts a server: the built web app and the system
 * Chromium. Each worker then starts its own peers and server (e2e/support/fixtures.ts). And starts the
 * imports of the shared books, each once for the whole run (support/shared-books.ts); answers the teardown.
 */
export default function globalSetup(): () => Promise<void> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(
      `no built web app in ${webDistDir}: run "npm run build" first (or set WEB_DIST_DIR to a build of apps/web)`,
    );
  }
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error(
      'no /usr/bin/chromium: install it with "apt-get install -y chromium" (no browser is downloaded)',
    );
  }
  return startSharedBookImports();
}
