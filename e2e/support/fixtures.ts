import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import {
  corpus,
  createDatabase,
  startOidcProvider,
  startPostgres,
  startSmtpSink,
  type OidcProvider,
  type OidcUser,
  type SmtpSink,
} from '@threadbook/test-support';
import { repoRoot, startServer, type RunningServer, type ServerOptions } from './server.ts';
import {
  copyDatabaseToPostgres,
  copyImportedBook,
  SHARED_BOOKS,
  sharedBookPdf,
  type SharedBookName,
} from './shared-books.ts';

export { SHARED_BOOKS, sharedBookPdf, type SharedBookName };

/** A password every test account starts with (at least 6 characters, docs/product.md §5). */
export const PASSWORD = 'first-Password-1';

/** Allow-listed addresses each worker's server knows; tests take fresh ones with `env.nextEmail()`. */
const ALLOWED_POOL_SIZE = 100;
const allowedPool = Array.from({ length: ALLOWED_POOL_SIZE }, (_, i) => `allowed${i + 1}@example.com`);
/** Google identities (used by the Google tests) that are on the allow-list. */
export const googleAllowed = Array.from({ length: 12 }, (_, i) => `google${i + 1}@example.com`);
/** Never on the allow-list. */
export const NOT_ALLOWED_EMAIL = 'stranger@example.com';

export const allowedEmails = [...allowedPool, ...googleAllowed];

export interface WorkerEnv {
  smtp: SmtpSink;
  oidc: OidcProvider;
  server: RunningServer;
  /** The server's environment (for starting a second server over the same DATA_DIR with a change). */
  serverEnv: Record<string, string>;
  /** A fresh allow-listed address no other test of this worker has used. */
  nextEmail(): string;
  /** A fresh allow-listed Google identity. */
  nextGoogleUser(): OidcUser;
  /** Starts another server with this worker's peers; stopped at the end of the worker. */
  startExtraServer(options?: ServerOptions): Promise<RunningServer>;
  /**
   * The PostgreSQL database of the servers over `dataDir` (made on first asking), on a worker of the
   * PostgreSQL project; undefined on SQLite.
   */
  databaseFor(dataDir: string): Promise<string | undefined>;
}

/**
 * Skips the test, or every test of the describe it is called in, when the corpus lacks one of `files`
 * ("aata/aata-20220728.pdf"; test-support's shared-data.ts: one policy for every suite).
 */
export const skipWithoutCorpus = (...files: string[]) =>
  test.skip(!corpus.has(...files), `${corpus.name} is not here`);

export interface SharedBooks {
  /**
   * A server of this worker whose library holds only the shared book `name` (no sample book), started on
   * the first call and reused by every later test of the worker: the book is imported once per worker.
   * The import runs in the background; wait for it with `waitForBook` (support/reader.ts).
   */
  server(name: SharedBookName): Promise<RunningServer>;
}

/**
 * What a returning reader's browser remembers (apps/web panels/reader-memory.ts): both panels closed and
 * the anchors' introduction seen, so that a test starts from the reader as the specification draws it.
 * A test of a first visit sets `returningReader: false`.
 */
const RETURNING_READER: Record<string, string> = {
  'threadbook:panel-open:left': 'false',
  'threadbook:panel-open:right': 'false',
  'threadbook:anchors-introduced': 'true',
};

/** The database the worker's servers run on (the Playwright project's option; docs/database-engines.md). */
export type E2eDatabase = 'sqlite' | 'postgres';

export const test = base.extend<
  { forEachTest: void; account: string; returningReader: boolean; readerMemory: void },
  { env: WorkerEnv; sharedBooks: SharedBooks; database: E2eDatabase }
>({
  returningReader: [true, { option: true }],
  database: ['sqlite', { option: true, scope: 'worker' }],
  readerMemory: [
    async ({ page, returningReader }, use) => {
      if (returningReader) {
        await page.addInitScript((memory: Record<string, string>) => {
          try {
            for (const [key, value] of Object.entries(memory)) {
              if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
            }
          } catch {
            // A page without storage (about:blank) remembers nothing.
          }
        }, RETURNING_READER);
      }
      await use();
    },
    { auto: true },
  ],
  env: [
    async ({ database }, use) => {
      const smtp = await startSmtpSink();
      // On PostgreSQL: one cluster per worker, a database per installation (servers over the same DATA_DIR
      // share it).
      const postgres = database === 'postgres' ? await startPostgres() : undefined;
      const databaseUrls = new Map<string, Promise<string>>();
      const databaseFor = (dataDir: string) => {
        if (!postgres) return Promise.resolve(undefined);
        let databaseUrl = databaseUrls.get(dataDir);
        if (!databaseUrl) {
          databaseUrl = createDatabase(postgres.url, `threadbook_e2e_${databaseUrls.size + 1}`);
          databaseUrls.set(dataDir, databaseUrl);
        }
        return databaseUrl;
      };
      const start = async (options: ServerOptions) => {
        const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'threadbook-e2e-'));
        const databaseUrl = await databaseFor(dataDir);
        return startServer({
          ...options,
          dataDir,
          ownsDataDir: options.dataDir === undefined,
          env: { ...serverEnv, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...options.env },
        });
      };
      const oidc = await startOidcProvider();
      const serverEnv = {
        ALLOWED_EMAILS: allowedEmails.join(','),
        SMTP_URL: smtp.url,
        GOOGLE_CLIENT_ID: oidc.clientId,
        GOOGLE_CLIENT_SECRET: oidc.clientSecret,
        GOOGLE_ISSUER: oidc.issuer,
        // Every test signs up accounts of its own, all from one loopback address.
        SIGN_UP_RATE_LIMIT: '1000',
      };
      const server = await start({});
      const extras: RunningServer[] = [];
      let emailIndex = 0;
      let googleIndex = 0;
      await use({
        smtp,
        oidc,
        server,
        serverEnv,
        nextEmail() {
          const email = allowedPool[emailIndex++];
          if (!email) throw new Error('every allow-listed address of this worker is used: raise the pool');
          return email;
        },
        nextGoogleUser() {
          const email = googleAllowed[googleIndex++];
          if (!email)
            throw new Error('every allow-listed Google address of this worker is used: raise the pool');
          return { sub: `google-sub-${email}`, email, name: `Google ${email.split('@')[0]}` };
        },
        async startExtraServer(options = {}) {
          const extra = await start(options);
          extras.push(extra);
          return extra;
        },
        databaseFor,
      });
      for (const extra of extras) await extra.stop();
      await server.stop();
      await oidc.close();
      await smtp.close();
      await postgres?.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  sharedBooks: [
    async ({ env }, use) => {
      const servers = new Map<SharedBookName, Promise<RunningServer>>();
      const folders: string[] = [];
      // On a copy of the run's one import of the book (global-setup.ts), its PDF in the library folder as
      // where it came from: the server finds it imported already.
      const start = async (name: SharedBookName) => {
        const library = mkdtempSync(path.join(tmpdir(), `threadbook-${name}-`));
        folders.push(library);
        symlinkSync(sharedBookPdf(name), path.join(library, path.basename(SHARED_BOOKS[name].pdf)));
        const dataDir = await copyImportedBook(name);
        folders.push(dataDir);
        const databaseUrl = await env.databaseFor(dataDir);
        if (databaseUrl) await copyDatabaseToPostgres(dataDir, databaseUrl);
        return env.startExtraServer({ dataDir, env: { LIBRARY_DIR: library, SAMPLE_BOOK: 'false' } });
      };
      await use({
        server(name) {
          let server = servers.get(name);
          if (!server) {
            server = start(name);
            servers.set(name, server);
          }
          return server;
        },
      });
      for (const server of servers.values()) await (await server.catch(() => null))?.stop();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 30_000 },
  ],
  baseURL: async ({ env }, use) => {
    await use(env.server.baseURL);
  },
  /** The address of a new password account (PASSWORD) on the worker's server, not signed in. */
  account: async ({ env, request, baseURL }, use) => {
    const email = env.nextEmail();
    await createAccount(request, baseURL!, email);
    await use(email);
  },
  // Fail a test on any uncaught error in the page: a crash is never a pass.
  forEachTest: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
      await use();
      expect(errors, `uncaught errors in the page:\n${errors.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Creates an account through the identity API (a faster setup than the screen, which its own test covers). */
export async function createAccount(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password = PASSWORD,
): Promise<void> {
  const response = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { email, password, name: '' },
    headers: { Origin: baseURL },
  });
  expect(response.status(), `sign-up of ${email}: ${await response.text()}`).toBe(200);
}

/** The onboarding screen's login form (docs/product.md §2 texts). */
export function loginForm(page: Page) {
  return {
    email: page.getByPlaceholder('Enter Email'),
    password: page.getByPlaceholder('Enter password'),
    signIn: page.getByRole('button', { name: 'Sign in', exact: true }),
    google: page.getByRole('button', { name: 'Or sign in with Google' }),
  };
}

/** Signs in through the login screen and waits to leave it. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.signIn.click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * A new password account, signed in, on the library; answers its address. Made with the page's own request
 * context: the identity API signs a new account in (autoSignIn), so the page's cookies hold its session,
 * without the login screen (whose own tests sign in through it).
 */
export async function signInNewAccount(page: Page, baseURL: string, email: string): Promise<string> {
  await createAccount(page.request, baseURL, email);
  await page.goto(`${baseURL}/library`);
  return email;
}

/** Clicks 'Or sign in with Google' and waits for the popup the click opens. */
export async function openGooglePopup(page: Page): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await loginForm(page).google.click();
  return popupOpened;
}

/**
 * Google sign-in as whoever `env.oidc.setUser` chose: the provider on loopback has no login screen, so the
 * popup runs the whole flow by itself and closes.
 */
export async function googleSignIn(page: Page): Promise<void> {
  await popupClosed(await openGooglePopup(page));
}

/** Polled, not awaited as an event: the popup can close before a 'close' listener is attached. */
export async function popupClosed(popup: Page): Promise<void> {
  await expect.poll(() => popup.isClosed(), { timeout: 30_000 }).toBe(true);
}

const SCREENS_DIR = path.join(repoRoot, 'test-results', 'screens');

/**
 * Saves a full-page screenshot of the screen as test-results/screens/{name}.png (attached to the report too)
 * and checks it with axe-core: no serious or critical WCAG 2 A/AA violation.
 */
export async function checkScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const file = path.join(SCREENS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(`screen-${name}`, { path: file, contentType: 'image/png' });

  // Not pdf.js's text layers: each page's words as transparent text laid over its drawing, for selection
  // and find. Axe cannot judge them (the words a student sees are on the canvas), and weighing the
  // contrast of their hundreds of spans took two thirds of a reader screen's check (4.7-7.1 s, 1.7 without).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('.textLayer')
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
    )
    .join('\n');
  await testInfo.attach(`axe-${name}`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  expect(blocking, `axe-core on the ${name} screen (${page.url()}):\n${report}`).toEqual([]);
}
