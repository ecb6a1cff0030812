/**
 * The reader's speed and memory in headless Chromium, beside pdf.js's own PDFViewer component.
 *
 * Per book, in one run on the same file: our reader (the built app served by the real server, the book
 * imported through LIBRARY_DIR) and a minimal page using pdfjs-dist's PDFViewer (bench-reader-pdfjs.html,
 * served with HTTP ranges on loopback), each in a fresh browser context at 1280×900:
 *   1. navigation start -> page 1 shown (ours: its image, which the reader shows while pdf.js opens the book;
 *      issue 36's target is half pdf.js's time), and -> page 1 drawn (canvas and text layer), cold cache,
 *      median of --loads loads, the two viewers' loads taking turns; and ours reopened at a saved position
 *      past the pages the import drew (its image drawn on request);
 *   2. 'Next page' -> the next page shown drawn, median and p90 of the first --turns turns from page 1
 *      (after each turn the viewer may draw the page after it, as it would while the student reads); and
 *      --turns more, each clicked at a set point of the 60 Hz frame clock (phaseOfTurn) and timed from when
 *      it was due to the page shown, past the clock's next tick; and --turns more at a student's pace, real
 *      input events a set pause apart whatever the viewer is doing (pacedTurns);
 *   3. the JS heap (page and workers, after a forced GC) at page 1 and after --pages pages turned one by one;
 *   4. jumps of about --jump pages through our table of contents, median of JUMPS; pdf.js goes to the
 *      same pages;
 *   5. ours alone (pdf.js has neither): pointer over an internal link -> its preview drawn, median of
 *      PREVIEWS links from the page it reopens at on, each pointed at as soon as its page is shown, and again
 *      further on with each page read READ_FIRST_MS first (the pages its references lead to are drawn on
 *      the server meanwhile, as for a student reading); the last key of a query in the find bar -> its results listed, median
 *      of FIND_QUERIES.
 * Also the app's initial JavaScript (gzip), and the reader route's lazy chunks, the only ones with pdf.js.
 *
 *   node apps/web/scripts/bench-reader.ts [book.pdf ...] [--turns 50] [--pages 150] [--jump 200] [--loads 5]
 *     [--json]
 *   # defaults to aata and aata three times over (1,071 pages, made with pdfunite)
 */
import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Locator, type Page } from '@playwright/test';
import { bookListSchema } from '@threadbook/contracts';
import { corpus } from '@threadbook/test-support';
import { chromiumLaunchOptions } from '../../../e2e/support/chromium.ts';
import { startServer, webDistDir, type RunningServer } from '../../../e2e/support/server.ts';

const here = import.meta.dirname;
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const defaultBook = corpus.path('aata/aata-20220728.pdf');
const VIEWPORT = { width: 1280, height: 900 };
const CHROMIUM_ARGS = [
  ...chromiumLaunchOptions.args,
  // Nothing but loopback resolves: the bench never talks to another host.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
/** The longest any single wait (a page drawn, a page loaded) may take. */
const WAIT_MS = 30_000;
/** How long the server may take to import every book (a 1,000-page book with its graph takes minutes). */
const IMPORT_TIMEOUT_MS = 20 * 60_000;
/** Slack when comparing with pdf.js, for noise: 10%, and one 60 Hz frame for times. */
const SLACK = { ratio: 1.1, frameMs: 17 };
const TARGETS = { firstPageMs: 1000, turnMs: 100, heapMb: 300, previewMs: 150, findMs: 100 };
/** Links hovered for the preview time, and words looked for (any textbook has them) for the find time. */
const PREVIEWS = 7;
const FIND_QUERIES = ['theorem', 'example', 'definition', 'proof', 'function', 'number', '"for example"'];
/**
 * The second preview run: each page read this long before its links are pointed at, from a page this many
 * on from the first run's (so that no preview of the first run is drawn already).
 */
const READ_FIRST_MS = 1000;
const PREVIEW_PAGES_APART = 100;
/** Table-of-contents jumps per viewer (one alone is too noisy to compare). */
const JUMPS = 5;

interface Options {
  pdfs: string[];
  loads: number;
  turns: number;
  pages: number;
  jump: number;
  json: boolean;
}

interface Book {
  file: string;
  label: string;
  /** The title given through a sidecar .json, by which the bench finds the imported book. */
  title: string;
}

interface ViewerResult {
  /** Median of the loads. */
  firstPageMs: number;
  firstPageLoadsMs: number[];
  /** Median of the loads: the first page shown, drawn or (ours) as an image. */
  firstVisibleMs: number;
  /** Ours: the largest shift of the page from its image to its drawing over the loads (null: never shown). */
  openingShiftPx: number | null;
  turnsMs: number[];
  turnMedianMs: number;
  turnP90Ms: number;
  /** As many turns again, each clicked at a set point of the frame clock (phaseOfTurn): see phasedClick. */
  phasedTurns: PhasedTurn[];
  /** As many turns again, real clicks a set pause apart (pauseBeforeTurn): see pacedTurns. */
  pacedTurnsMs: number[];
  pagesTurned: number;
  jumps: Jump[];
  jumpMedianMs: number;
  /** After a forced GC, page and workers; at page 1 and after the pages turned. */
  heapAtStartMb: number;
  heapMb: number;
  workerHeapMb: number;
  rendererRssMb: number | null;
  /** CSS width of page 1 as drawn: both viewers should draw pages of about the same size. */
  pageWidthPx: number;
  /** The scrolled page view's place (the pdf.js page is given ours'). */
  viewerBox: [top: number, left: number, width: number, height: number];
  errors: string[];
}

type Viewer = 'ours' | 'pdfjs';

/** A turn clicked at a set point of the frame clock: when the click was due -> the page shown. */
interface PhasedTurn {
  /** When the click came, after the frame began (later than due when the page was busy). */
  phaseMs: number;
  ms: number;
  /**
   * How long after the first frame the click could show in (the frame clock's next tick after it was due)
   * the page was shown: under a millisecond for a turn that costs nothing; what the turn's work, and any
   * the page was doing when it came, add to the display's own wait.
   */
  pastNextFrameMs: number;
}

interface Jump {
  from: number;
  to: number;
  ms: number;
}

/** The part of pdf.js's PDFViewer the probe reads (the comparison page puts it on window). */
interface PdfJsViewer {
  currentPageNumber: number;
  getPageView(index: number): { renderingState: number; div: HTMLElement } | undefined;
}

/** How the bench sees either viewer, installed in the page before its own scripts. */
interface Probe {
  isDrawn(page: number): boolean;
  currentPage(): number;
  /** performance.now() of the first frame with page 1 drawn. */
  firstDrawnAt: number | null;
  /** performance.now() of the first frame with page 1 shown: drawn, or (ours) as its image. */
  firstVisibleAt: number | null;
  /** Ours: how far (CSS pixels, largest of its four sides) the page drawn stands from where its image stood. */
  openingShift: number | null;
  /**
   * Resolves with performance.now() of the first animation frame where page n is drawn (and current; with
   * `orPast`, the current page is n or one after it, drawn).
   */
  when(page: number, current: boolean, timeoutMs: number, orPast?: boolean): Promise<number>;
}

declare global {
  interface Window {
    benchProbe: Probe;
    /** pacedTurns' times, in the order of the clicks. */
    benchPacedTurns?: number[];
    pdfViewer?: PdfJsViewer;
  }
}

/** Runs in the page (serialised by Playwright): self-contained. */
function installProbe(viewer: Viewer) {
  const slot = (n: number) => document.querySelector(`.pdf-page[data-page-number="${n}"]`);
  const pageInput = () => document.querySelector<HTMLInputElement>('input[aria-label="Page number"]');
  const isDrawn =
    viewer === 'ours'
      ? (n: number) => slot(n)?.getAttribute('data-painted') === 'true'
      : (n: number) => {
          const view = window.pdfViewer?.getPageView(n - 1);
          // FINISHED, and the text layer done (.endOfContent is appended last), as ours' data-painted.
          return view?.renderingState === 3 && view.div.querySelector('.textLayer .endOfContent') !== null;
        };
  // Ours shows the page it opens at as an image until pdf.js has drawn it.
  const imageShown = (n: number) => {
    const image = slot(n)?.querySelector<HTMLImageElement>('img.pdf-page__image');
    return image !== null && image !== undefined && image.complete && image.naturalWidth > 0;
  };
  // Ours shows a book's own page label in the input and then the physical page beside the total: "(13 / 357)".
  const physicalPage = () => {
    const total = document.querySelector('.reader-toolbar__total')?.textContent ?? '';
    const beside = /^\((\d+) \//.exec(total);
    return beside ? Number(beside[1]) : Number(pageInput()?.value ?? 0);
  };
  const currentPage = viewer === 'ours' ? physicalPage : () => window.pdfViewer?.currentPageNumber ?? 0;
  const probe: Probe = {
    isDrawn,
    currentPage,
    firstDrawnAt: null,
    firstVisibleAt: null,
    openingShift: null,
    when(n, current, timeoutMs, orPast = false) {
      const deadline = performance.now() + timeoutMs;
      return new Promise((resolve, reject) => {
        const check = () => {
          const shown = currentPage();
          if (orPast && shown > n && isDrawn(shown)) resolve(performance.now());
          else if (isDrawn(n) && (!current || shown === n)) resolve(performance.now());
          else if (performance.now() > deadline) reject(new Error(`page ${n} not drawn in ${timeoutMs} ms`));
          else requestAnimationFrame(check);
        };
        // Checked on animation frames: the first one that shows the page is what the student sees.
        requestAnimationFrame(check);
      });
    },
  };
  window.benchProbe = probe;
  // Ours shows it even before the reader is there, over the place the reader will draw it (opening-overlay.ts).
  const overlayImage = () => {
    const image = document.querySelector<HTMLImageElement>('.opening-overlay img');
    return image !== null && image.complete && image.naturalWidth > 0 ? image : null;
  };
  let overlayBox: DOMRect | null = null;
  // The first page the viewer shows: page 1, or where our reader reopens (the student's saved position).
  const waitForFirst = () => {
    const shown = currentPage();
    const visible = shown > 0 && (isDrawn(shown) || imageShown(shown));
    const overlay = probe.firstVisibleAt === null ? overlayImage() : null;
    if (overlay) overlayBox = overlay.getBoundingClientRect();
    if (probe.firstVisibleAt === null && (visible || overlay)) probe.firstVisibleAt = performance.now();
    if (shown > 0 && isDrawn(shown)) {
      probe.firstDrawnAt = performance.now();
      const drawn = slot(shown)?.getBoundingClientRect();
      if (overlayBox && drawn) {
        const sides = ['left', 'top', 'width', 'height'] as const;
        probe.openingShift = Math.max(...sides.map((side) => Math.abs(drawn[side] - overlayBox![side])));
      }
    } else requestAnimationFrame(waitForFirst);
  };
  requestAnimationFrame(waitForFirst);
}

function parseArgs(argv: string[]): Options {
  const args = [...argv];
  const take = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    if (at < 0) return fallback;
    const value = Number(args.splice(at, 2)[1]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a positive whole number`);
    return value;
  };
  const options = {
    loads: take('--loads', 5),
    turns: take('--turns', 50),
    pages: take('--pages', 150),
    jump: take('--jump', 200),
  };
  const at = args.indexOf('--json');
  if (at >= 0) args.splice(at, 1);
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const pdfs = [...new Set(args.map((arg) => path.resolve(cwd, arg)))];
  return { ...options, json: at >= 0, pdfs };
}

/** The books to measure: the ones given, or aata and (with pdfunite) aata three times in one PDF. */
function prepareBooks(pdfs: string[], workDir: string): Book[] {
  const files =
    pdfs.length > 0 ? pdfs.map((file) => ({ file, label: path.basename(file) })) : defaultBooks(workDir);
  return files.map(({ file, label }, index) => {
    if (!existsSync(file)) throw new Error(`${file} does not exist`);
    return { file, label, title: `Bench ${index + 1}: ${label}` };
  });
}

function defaultBooks(workDir: string): { file: string; label: string }[] {
  const books = [{ file: defaultBook, label: path.basename(defaultBook) }];
  const tripled = path.join(workDir, 'aata-x3.pdf');
  const unite = spawnSync('pdfunite', [defaultBook, defaultBook, defaultBook, tripled], { encoding: 'utf8' });
  if (unite.error || unite.status !== 0) {
    console.error('pdfunite is not available (Debian: poppler-utils): the 1,000-page book is skipped');
  } else {
    books.push({ file: tripled, label: `${path.basename(defaultBook)} ×3` });
  }
  return books;
}

interface ChunkSize {
  files: string[];
  bytes: number;
  gzipBytes: number;
}

interface BundleReport {
  initial: ChunkSize;
  reader: ChunkSize;
  worker: ChunkSize;
  pdfjsInInitial: boolean;
  pdfjsInReader: boolean;
}

/** Sizes of the app's JavaScript: what /library loads, the lazy reader chunks, the pdf.js worker. */
function bundleReport(distDir: string): BundleReport {
  const assets = path.join(distDir, 'assets');
  const read = (name: string) => readFileSync(path.join(assets, name), 'utf8');
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/(?:src|href)="\/?assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
  const initial = withStaticImports(entries, read, new Set());
  const initialText = initial.map(read).join('\n');
  // Lazy chunks are named in the entry (Vite's preload list) without being statically imported.
  const named = (name: string) => initialText.includes(name) && !initial.includes(name);
  const jsFiles = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const reader = withStaticImports(jsFiles.filter(named), read, new Set(initial));
  const readerText = reader.map(read).join('\n');
  // The worker's address is in the initial code (started early for a reader's address), or the reader's.
  const worker = readdirSync(assets).filter(
    (name) => name.endsWith('.mjs') && (initialText.includes(name) || readerText.includes(name)),
  );
  const size = (files: string[]): ChunkSize => {
    const buffers = files.map((name) => readFileSync(path.join(assets, name)));
    return {
      files,
      bytes: buffers.reduce((sum, buffer) => sum + buffer.length, 0),
      gzipBytes: buffers.reduce((sum, buffer) => sum + gzipSync(buffer).length, 0),
    };
  };
  // A name pdf.js's API exports and minifiers keep: present where pdf.js is bundled.
  const marker = 'GlobalWorkerOptions';
  return {
    initial: size(initial),
    reader: size(reader),
    worker: size(worker),
    pdfjsInInitial: initialText.includes(marker),
    pdfjsInReader: readerText.includes(marker),
  };
}

/** The chunks and, recursively, the chunks they import statically (`from"./x.js"`, `import"./x.js"`). */
function withStaticImports(names: string[], read: (name: string) => string, skip: Set<string>): string[] {
  const found: string[] = [];
  const visit = (name: string) => {
    if (skip.has(name) || found.includes(name)) return;
    found.push(name);
    for (const match of read(name).matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(match[1]!);
  };
  names.forEach(visit);
  return found;
}

const BENCH_ACCOUNT = { email: 'bench@threadbook.test', password: 'bench-password-1', name: 'Bench' };

/** The real server with the books in its LIBRARY_DIR, each with a sidecar title the bench finds it by. */
async function startLibraryServer(books: Book[], workDir: string): Promise<RunningServer> {
  const libraryDir = path.join(workDir, 'library');
  mkdirSync(libraryDir);
  books.forEach((book, index) => {
    symlinkSync(book.file, path.join(libraryDir, `book-${index + 1}.pdf`));
    writeFileSync(path.join(libraryDir, `book-${index + 1}.json`), JSON.stringify({ title: book.title }));
  });
  return startServer({ env: { LIBRARY_DIR: libraryDir, SAMPLE_BOOK: 'false', ALLOWED_EMAILS: '' } });
}

async function signUp(baseURL: string): Promise<void> {
  const response = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(BENCH_ACCOUNT),
    signal: AbortSignal.timeout(WAIT_MS),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
}

/** A fresh ID token (tokens expire while a long import runs). */
async function idToken(baseURL: string): Promise<string> {
  const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password }),
    signal: AbortSignal.timeout(WAIT_MS),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const answer = await fetch(`${baseURL}/api/auth/token`, {
    headers: { cookie },
    signal: AbortSignal.timeout(WAIT_MS),
  });
  const { token } = (await answer.json()) as { token?: string };
  if (!token) throw new Error(`no ID token: ${answer.status}`);
  return token;
}

/** Waits until the server has imported every book (in the background); answers their ids by title. */
async function waitForImports(server: RunningServer, books: Book[]): Promise<Map<string, number>> {
  const started = Date.now();
  let lastNote = started;
  for (;;) {
    const token = await idToken(server.baseURL);
    const answer = await fetch(`${server.baseURL}/api/books/`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(WAIT_MS),
    });
    const listed = new Map(bookListSchema.parse(await answer.json()).map((book) => [book.title, book.id]));
    if (books.every((book) => listed.has(book.title))) return listed;
    const failed = /import \S+ failed: .*/.exec(server.output());
    if (failed) throw new Error(`the server could not import a book: ${failed[0]}`);
    if (Date.now() - started > IMPORT_TIMEOUT_MS) throw new Error('the books were not imported in time');
    if (Date.now() - lastNote > 30_000) {
      lastNote = Date.now();
      const ready = books.filter((book) => listed.has(book.title)).length;
      console.error(
        `importing: ${ready} of ${books.length} books ready after ${seconds(Date.now() - started)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/** The file a path of the comparison server names: the page, a pdfjs-dist file, or book {index}. */
function comparisonFile(pathname: string, books: Book[]): string | null {
  if (pathname === '/viewer.html') return path.join(here, 'bench-reader-pdfjs.html');
  const book = /^\/books\/(\d+)\.pdf$/.exec(pathname);
  if (book) return books[Number(book[1])]?.file ?? null;
  if (!pathname.startsWith('/pdfjs/')) return null;
  const file = path.resolve(pdfjsDir, `.${decodeURIComponent(pathname.slice('/pdfjs'.length))}`);
  return file.startsWith(pdfjsDir + path.sep) ? file : null;
}

/** Sends a file, or the byte range asked for (pdf.js then reads the PDF by ranges, as our reader does). */
function sendFile(request: http.IncomingMessage, response: http.ServerResponse, file: string) {
  const size = statSync(file).size;
  const headers = {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'accept-ranges': 'bytes',
    'cache-control': 'no-cache',
  };
  const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
  if (!range) {
    response.writeHead(200, { ...headers, 'content-length': size });
    createReadStream(file).pipe(response);
    return;
  }
  const start = Number(range[1]);
  const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
  if (start > end) {
    response.writeHead(416, { 'content-range': `bytes */${size}` }).end();
    return;
  }
  response.writeHead(206, {
    ...headers,
    'content-range': `bytes ${start}-${end}/${size}`,
    'content-length': end - start + 1,
  });
  createReadStream(file, { start, end }).pipe(response);
}

/** The loopback server of the pdf.js comparison page. */
async function startComparisonServer(books: Book[]): Promise<{ url: string; close(): void }> {
  const server = http.createServer((request, response) => {
    const file = comparisonFile(new URL(request.url ?? '/', 'http://localhost').pathname, books);
    if (!file || !existsSync(file)) response.writeHead(404).end();
    else sendFile(request, response, file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Clicks the element in the page and answers the milliseconds until page `target` is shown drawn. */
async function timedClick(element: Locator, target: number): Promise<number> {
  await element.waitFor({ timeout: WAIT_MS });
  return element.evaluate(
    (element, { target, timeoutMs }) => {
      const started = performance.now();
      (element as HTMLElement).click();
      return window.benchProbe.when(target, true, timeoutMs).then((at) => at - started);
    },
    { target, timeoutMs: WAIT_MS },
  );
}

/**
 * Where in the frame clock the phased turns click, in ms after a frame began: 1 to 15, in the same order
 * for both viewers. Headless Chromium draws at 60 Hz, and a click waits for the clock's next tick whatever
 * it costs: on an empty page, a click 2 ms into a frame is shown 14.7 ms later, one 14 ms in 2.7 ms later.
 * timedClick's clicks fall wherever the bench's round trips put them, so its times say about as much about
 * those as about the turn; the phased turns are timed from that next tick.
 */
const phaseOfTurn = (turn: number) => 1 + ((turn * 7) % 15);

/** The frame clock's period in the page: the shortest gap between 20 animation frames' times. */
async function framePeriod(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const times: number[] = [];
        const onFrame = (time: number) => {
          times.push(time);
          if (times.length < 20) requestAnimationFrame(onFrame);
          else resolve(Math.min(...times.slice(1).map((time, i) => time - times[i]!)));
        };
        requestAnimationFrame(onFrame);
      }),
  );
}

/**
 * As timedClick, with the click due `phaseMs` after a frame began (a timer set in that frame's callbacks),
 * timed from then: a task running at that moment delays the click, as it would a student's.
 */
async function phasedClick(
  element: Locator,
  target: number,
  { phaseMs, periodMs }: { phaseMs: number; periodMs: number },
): Promise<PhasedTurn> {
  await element.waitFor({ timeout: WAIT_MS });
  return element.evaluate(
    (element, { target, timeoutMs, phaseMs, periodMs }) =>
      new Promise<PhasedTurn>((resolve, reject) => {
        requestAnimationFrame((frame) => {
          const due = frame + phaseMs;
          const click = () => {
            const clicked = performance.now();
            (element as HTMLElement).click();
            const nextFrame = frame + periodMs * (Math.floor(phaseMs / periodMs) + 1);
            const shown = (at: number) =>
              resolve({ phaseMs: clicked - frame, ms: at - due, pastNextFrameMs: at - nextFrame });
            window.benchProbe.when(target, true, timeoutMs).then(shown, reject);
          };
          setTimeout(click, Math.max(0, due - performance.now()));
        });
      }),
    { target, timeoutMs: WAIT_MS, phaseMs, periodMs },
  );
}

/**
 * The pause before each of the paced turns, 150 to 649 ms in a fixed order (the same for both viewers):
 * a student skimming, whose clicks fall anywhere in the drawing of the page after.
 */
const pauseBeforeTurn = (turn: number) => 150 + ((turn * 137) % 500);

/**
 * Turns at a student's pace: up to `count` clicks on 'Next page' through the browser's input pipeline
 * (Playwright's mouse: pointer down and up, as a student's), pauseBeforeTurn apart, not waiting for
 * anything in the page. The other turns are clicked by the page's own script once the bench's round trips
 * get through, which a page busy drawing holds back: in a trace (issue 36) our clicks came mostly within
 * 30 ms after the page after was marked drawn, just before that page's text layer was first laid out and
 * painted (all at once, then: its words now come in parts while the canvas is drawn), so they measured
 * that moment more than any other. A student's click comes whenever it comes.
 * Each is timed in the page from its click event's timeStamp (when the browser made the input event) to
 * the first animation frame with the page drawn and current.
 */
async function pacedTurns(page: Page, count: number, pageCount: number): Promise<number[]> {
  const box = await page.getByRole('button', { name: 'Next page', exact: true }).boundingBox();
  if (!box) throw new Error("'Next page' is not shown");
  const turns = Math.min(count, pageCount - (await currentPage(page)));
  await page.evaluate((timeoutMs) => {
    const times: number[] = [];
    window.benchPacedTurns = times;
    let next = window.benchProbe.currentPage() + 1;
    const onClick = (event: MouseEvent) => {
      // The jumps that come after click too: only the paced turns are timed.
      if (window.benchPacedTurns !== times) return;
      const [target, clicked] = [next++, event.timeStamp];
      // Two clicks the viewer takes in one frame (its thread busy past the pause between them) show the
      // second's page in the first frame after them, and the first's never: that frame ends both turns.
      window.benchProbe.when(target, true, timeoutMs, true).then(
        (at) => times.push(at - clicked),
        () => times.push(Number.NaN),
      );
    };
    addEventListener('click', onClick, { capture: true });
  }, WAIT_MS);
  for (let turn = 0; turn < turns; turn++) {
    await page.waitForTimeout(pauseBeforeTurn(turn));
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
  await page.waitForFunction((turns) => window.benchPacedTurns?.length === turns, turns, {
    timeout: WAIT_MS,
  });
  const times = await page.evaluate(() => {
    const times = window.benchPacedTurns ?? [];
    delete window.benchPacedTurns;
    return times;
  });
  if (times.some((ms) => !Number.isFinite(ms))) throw new Error('a paced turn never showed its page');
  return times;
}

async function currentPage(page: Page): Promise<number> {
  return page.evaluate(() => window.benchProbe.currentPage());
}

/** Lets the viewer draw page n (the next one) as it does while the student reads; fine if it does not. */
async function settle(page: Page, n: number, pageCount: number): Promise<void> {
  if (n > pageCount) return;
  await page.evaluate(({ n, timeoutMs }) => window.benchProbe.when(n, false, timeoutMs).catch(() => 0), {
    n,
    timeoutMs: 5000,
  });
}

/** Turns up to `count` pages with 'Next page', one by one, each clicked by `click`; answers its answers. */
async function turnPages<T>(
  page: Page,
  count: number,
  pageCount: number,
  click: (next: Locator, target: number, turn: number) => Promise<T>,
): Promise<T[]> {
  const next = page.getByRole('button', { name: 'Next page', exact: true });
  const answers: T[] = [];
  for (let i = 0; i < count; i++) {
    const target = (await currentPage(page)) + 1;
    if (target > pageCount) break;
    answers.push(await click(next, target, i));
    await settle(page, target + 1, pageCount);
  }
  return answers;
}

/** Ours: opens the table of contents, every chapter expanded, once the narrower view is redrawn. */
async function openToc(page: Page, current: number, pageCount: number) {
  const toc = page.getByRole('navigation', { name: 'Table of Contents' });
  // A first visit on a wide window opens it already.
  if (!(await toc.isVisible())) {
    await page.getByRole('button', { name: 'Toggle table of contents' }).click({ timeout: WAIT_MS });
  }
  await toc.waitFor({ timeout: WAIT_MS });
  // The panel narrows the view, which may change page fit and redraw the pages: not part of the jump.
  // A few frames let a resize reach the layout; then the page must be drawn at its slot's size.
  await page.evaluate(async () => {
    for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame);
  });
  await page.waitForFunction(
    (n) => {
      const slot = document.querySelector(`.pdf-page[data-page-number="${n}"]`);
      const canvas = slot?.querySelector('canvas');
      const width = slot?.getBoundingClientRect().width ?? 0;
      const painted = slot?.getAttribute('data-painted') === 'true';
      return painted && !!canvas && Math.abs(canvas.width - width * devicePixelRatio) < 2;
    },
    current,
    { timeout: WAIT_MS, polling: 50 },
  );
  await settle(page, current + 1, pageCount);
  await toc.evaluate((nav) => {
    for (const button of nav.querySelectorAll<HTMLElement>('button[aria-expanded="false"]')) button.click();
  });
  return toc;
}

/** The entry whose page is closest to `by` pages on (back when the book ends first), not a page seen yet. */
function pickEntry(pages: number[], from: number, by: number, pageCount: number, seen: Set<number>): number {
  const wanted = from + by <= pageCount ? from + by : from - by;
  let best = -1;
  pages.forEach((entryPage, index) => {
    if (!Number.isFinite(entryPage) || seen.has(entryPage)) return;
    if (best < 0 || Math.abs(entryPage - wanted) < Math.abs(pages[best]! - wanted)) best = index;
  });
  if (best < 0) throw new Error('the table of contents has no entry left to jump to');
  return best;
}

/** Ours: JUMPS clicks on table-of-contents entries about `by` pages away, each timed. */
async function jumpThroughToc(page: Page, by: number, pageCount: number): Promise<Jump[]> {
  const first = await currentPage(page);
  const toc = await openToc(page, first, pageCount);
  const entries = toc.locator('button.toc__entry');
  const pages = await entries.evaluateAll((buttons) =>
    // The physical page (the entry shows the book's label for it).
    buttons.map((button) => Number(button.getAttribute('data-page-number') ?? Number.NaN)),
  );
  const seen = new Set([first]);
  const jumps: Jump[] = [];
  for (let i = 0; i < JUMPS; i++) {
    const from = await currentPage(page);
    const index = pickEntry(pages, from, by, pageCount, seen);
    const to = pages[index]!;
    seen.add(to);
    jumps.push({ from, to, ms: await timedClick(entries.nth(index), to) });
    await afterJump(page, to, pageCount);
  }
  return jumps;
}

/** pdf.js: goes to the pages ours jumped to, as its outline would (PDFViewer.currentPageNumber). */
async function jumpToPages(page: Page, targets: number[], pageCount: number): Promise<Jump[]> {
  const jumps: Jump[] = [];
  for (const to of targets) {
    const from = await currentPage(page);
    const ms = await page.evaluate(
      ({ to, timeoutMs }) => {
        const started = performance.now();
        window.pdfViewer!.currentPageNumber = to;
        return window.benchProbe.when(to, true, timeoutMs).then((at) => at - started);
      },
      { to, timeoutMs: WAIT_MS },
    );
    jumps.push({ from, to, ms });
    await afterJump(page, to, pageCount);
  }
  return jumps;
}

/** A student looks at the page before the next jump: the viewer finishes drawing what it started. */
async function afterJump(page: Page, to: number, pageCount: number): Promise<void> {
  await settle(page, to + 1, pageCount);
  await page.waitForTimeout(500);
}

let cdpMessageId = 0;

/** One CDP call inside a worker, through the browser session (Playwright's sessions are pages only). */
function callInWorker(browser: CDPSession, sessionId: string, method: string): Promise<unknown> {
  const id = ++cdpMessageId;
  return new Promise((resolve, reject) => {
    const onMessage = (event: { sessionId: string; message: string }) => {
      const reply = JSON.parse(event.message) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      if (event.sessionId !== sessionId || reply.id !== id) return;
      clearTimeout(timer);
      browser.off('Target.receivedMessageFromTarget', onMessage);
      if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
      else resolve(reply.result);
    };
    const timer = setTimeout(() => {
      browser.off('Target.receivedMessageFromTarget', onMessage);
      reject(new Error(`${method} got no answer from a worker`));
    }, WAIT_MS);
    browser.on('Target.receivedMessageFromTarget', onMessage);
    browser
      .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
      .catch(reject);
  });
}

/**
 * Used JS heap of every worker after a GC: the pdf.js worker holds the parsed document. A worker that ends
 * while it is measured (the reader's outline worker, once the XML is parsed) counts for nothing.
 */
async function workerHeapBytes(browser: CDPSession): Promise<number> {
  const { targetInfos } = await browser.send('Target.getTargets');
  let total = 0;
  for (const worker of targetInfos.filter((target) => target.type === 'worker')) {
    total += await oneWorkerHeapBytes(browser, worker.targetId).catch(() => 0);
  }
  return total;
}

async function oneWorkerHeapBytes(browser: CDPSession, targetId: string): Promise<number> {
  const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: false });
  try {
    await callInWorker(browser, sessionId, 'HeapProfiler.collectGarbage');
    return ((await callInWorker(browser, sessionId, 'Runtime.getHeapUsage')) as { usedSize: number })
      .usedSize;
  } finally {
    await browser.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
}

/** RSS of the busiest renderer, the measured page's (one context is open at a time); Linux only. */
async function rendererRssMb(browser: CDPSession): Promise<number | null> {
  const { processInfo } = await browser.send('SystemInfo.getProcessInfo');
  const renderer = processInfo.filter((p) => p.type === 'renderer').sort((a, b) => b.cpuTime - a.cpuTime)[0];
  if (!renderer) return null;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${renderer.id}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

async function memory(page: Page, browser: CDPSession) {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.collectGarbage');
  const { usedSize } = await session.send('Runtime.getHeapUsage');
  await session.detach();
  const workerBytes = await workerHeapBytes(browser);
  const mb = (bytes: number) => bytes / 2 ** 20;
  return {
    heapMb: mb(usedSize + workerBytes),
    workerHeapMb: mb(workerBytes),
    rendererRssMb: await rendererRssMb(browser),
  };
}

interface ViewerRun {
  /** Run before each of the first page's loads (ours: the saved position put back to page 1). */
  beforeLoad?: () => Promise<void>;
  viewer: Viewer;
  url: string;
  pageCount: number;
  options: Options;
  /** Ours: signs the fresh context in. */
  signIn?: (page: Page) => Promise<void>;
  /** The jumps: ours through the table of contents, pdf.js to the pages ours jumped to. */
  jump: (page: Page) => Promise<Jump[]>;
}

/** A fresh context on the viewer, once page 1 is drawn; answers the time that took from navigation start. */
async function openViewer(browser: Browser, run: ViewerRun) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const errors: string[] = [];
  try {
    await context.addInitScript(installProbe, run.viewer);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await run.signIn?.(page);
    await page.goto(run.url, { waitUntil: 'commit', timeout: WAIT_MS });
    await page.waitForFunction(() => window.benchProbe.firstDrawnAt !== null, undefined, {
      timeout: WAIT_MS,
      polling: 100,
    });
    const { firstPageMs, firstVisibleMs, openingShift } = await page.evaluate(() => ({
      firstPageMs: window.benchProbe.firstDrawnAt!,
      firstVisibleMs: window.benchProbe.firstVisibleAt!,
      openingShift: window.benchProbe.openingShift,
    }));
    return { context, page, errors, firstPageMs, firstVisibleMs, openingShift };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * The first page over `loads` loads of each viewer, one viewer's load after the other's, so that what else
 * the machine does (a server finishing its work, another process) weighs on both alike; the medians
 * replace those of `measureViewer`.
 */
async function firstPagesInTurn(
  browser: Browser,
  viewers: [run: ViewerRun, result: ViewerResult][],
  loads: number,
): Promise<void> {
  const times = viewers.map(() => ({
    drawn: [] as number[],
    shown: [] as number[],
    shifts: [] as number[],
    errors: [] as string[],
  }));
  for (let i = 0; i < loads; i++) {
    for (const [index, [run]] of viewers.entries()) {
      await run.beforeLoad?.();
      const load = await openViewer(browser, run);
      times[index]!.drawn.push(load.firstPageMs);
      times[index]!.shown.push(load.firstVisibleMs);
      if (load.openingShift !== null) times[index]!.shifts.push(load.openingShift);
      times[index]!.errors.push(...load.errors);
      await load.context.close();
    }
  }
  for (const [index, [, result]] of viewers.entries()) {
    const { drawn, shown, shifts, errors } = times[index]!;
    result.firstPageLoadsMs = drawn;
    result.openingShiftPx = shifts.length > 0 ? Math.max(...shifts) : null;
    result.firstPageMs = quantile(drawn, 0.5);
    result.firstVisibleMs = quantile(shown, 0.5);
    result.errors.push(...errors);
  }
}

interface Reopened {
  page: number;
  /** Medians: the page shown (its image), and drawn by pdf.js. */
  shownMs: number;
  drawnMs: number;
}

/** Ours opened `loads` times at `page`, the saved position (`save` puts it there before each load). */
async function reopenAt(
  browser: Browser,
  run: ViewerRun,
  page: number,
  loads: number,
  save: () => Promise<void>,
): Promise<Reopened> {
  const shown: number[] = [];
  const drawn: number[] = [];
  for (let i = 0; i < loads; i++) {
    await save();
    const load = await openViewer(browser, { ...run, beforeLoad: undefined });
    shown.push(load.firstVisibleMs);
    drawn.push(load.firstPageMs);
    await load.context.close();
  }
  return { page, shownMs: quantile(shown, 0.5), drawnMs: quantile(drawn, 0.5) };
}

/** Puts our bench account's saved position in book `id` at `page`. */
async function savePosition(baseURL: string, id: number, page: number): Promise<void> {
  const answer = await fetch(`${baseURL}/api/books/${id}/position`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await idToken(baseURL)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ page }),
    signal: AbortSignal.timeout(WAIT_MS),
  });
  if (!answer.ok) throw new Error(`saving the position answered ${answer.status}`);
}

/** One viewer on one book: first page over several loads, then in one context page turns, memory, jump. */
async function measureViewer(browser: Browser, cdp: CDPSession, run: ViewerRun): Promise<ViewerResult> {
  const loads: number[] = [];
  const visible: number[] = [];
  const errors: string[] = [];
  for (let i = 1; i < run.options.loads; i++) {
    const load = await openViewer(browser, run);
    loads.push(load.firstPageMs);
    visible.push(load.firstVisibleMs);
    errors.push(...load.errors);
    await load.context.close();
  }
  const { context, page, ...load } = await openViewer(browser, run);
  try {
    loads.push(load.firstPageMs);
    visible.push(load.firstVisibleMs);
    const pageWidthPx = await page.evaluate(() => {
      const canvas = document.querySelector('[data-page-number="1"] canvas');
      return canvas ? Math.round(canvas.getBoundingClientRect().width) : 0;
    });
    const viewerBox = await page.locator('.pdf-view, #viewerContainer').evaluate((element) => {
      const { top, left, width, height } = element.getBoundingClientRect();
      return [top, left, width, height].map(Math.round) as ViewerResult['viewerBox'];
    });
    await settle(page, 2, run.pageCount);
    const start = await memory(page, cdp);

    const pagesTurned = Math.min(run.pageCount - 1, Math.max(run.options.turns, run.options.pages));
    const turns = await turnPages(page, pagesTurned, run.pageCount, timedClick);
    const end = await memory(page, cdp);
    const turnsMs = turns.slice(0, run.options.turns);
    const periodMs = await framePeriod(page);
    const phased = await turnPages(page, run.options.turns, run.pageCount, (next, target, turn) =>
      phasedClick(next, target, { phaseMs: phaseOfTurn(turn), periodMs }),
    );
    const pacedTurnsMs = await pacedTurns(page, run.options.turns, run.pageCount);
    const jumps = await run.jump(page);
    return {
      firstPageMs: quantile(loads, 0.5),
      firstPageLoadsMs: loads,
      firstVisibleMs: quantile(visible, 0.5),
      // Measured over the loads taking turns (firstPagesInTurn).
      openingShiftPx: null,
      turnsMs,
      turnMedianMs: quantile(turnsMs, 0.5),
      turnP90Ms: quantile(turnsMs, 0.9),
      phasedTurns: phased,
      pacedTurnsMs,
      pagesTurned,
      jumps,
      jumpMedianMs: quantile(
        jumps.map((jump) => jump.ms),
        0.5,
      ),
      heapAtStartMb: start.heapMb,
      ...end,
      pageWidthPx,
      viewerBox,
      errors: [...errors, ...load.errors],
    };
  } finally {
    await context.close();
  }
}

interface FeatureTimes {
  /** Pointer over a link -> its preview drawn, as soon as its page is shown. */
  previewMs: number[];
  /** The same, each page read READ_FIRST_MS before its links are pointed at, PREVIEW_PAGES_APART further on. */
  previewAfterReadingMs: number[];
  /** Last key of a query typed in the find bar -> its results (or "No results") listed. */
  findMs: number[];
}

/** Our reader's own features, timed as a student meets them: a reference's preview, and find in the book. */
async function measureFeatures(
  browser: Browser,
  run: ViewerRun,
  readFrom: () => Promise<void>,
): Promise<FeatureTimes> {
  const first = await openViewer(browser, run);
  let previewMs: number[];
  let findMs: number[];
  try {
    previewMs = await hoverPreviews(first.page, run.pageCount, 0);
    findMs = await findInBook(first.page);
  } finally {
    await first.context.close();
  }
  await readFrom();
  const reading = await openViewer(browser, run);
  try {
    const previewAfterReadingMs = await hoverPreviews(reading.page, run.pageCount, READ_FIRST_MS);
    return { previewMs, previewAfterReadingMs, findMs };
  } finally {
    await reading.context.close();
  }
}

/**
 * Hovers the first PREVIEWS internal links from the page the reader opens at (where the runs before left
 * it: the reader reopens at the student's position) on, one at a time, each from a pointer elsewhere.
 */
async function hoverPreviews(page: Page, pageCount: number, readFirstMs: number): Promise<number[]> {
  await page.evaluate(() => {
    const times = window as unknown as { pointerAt: number };
    document.addEventListener(
      'pointerover',
      (event) => {
        if ((event.target as Element).closest?.('.annotationLayer a:not([target])')) {
          times.pointerAt ||= performance.now();
        }
      },
      { capture: true },
    );
  });
  // A first visit's note about the anchors sits over the page: read and put away, as a student would.
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible()) await gotIt.click();
  const times: number[] = [];
  const first = await currentPage(page);
  for (let pageNumber = first; pageNumber <= pageCount && times.length < PREVIEWS; pageNumber++) {
    if (pageNumber > first) await turnPages(page, 1, pageCount, timedClick);
    // A student reading the page before pointing at a reference on it (its targets are prepared meanwhile).
    if (readFirstMs > 0) await page.waitForTimeout(readFirstMs);
    const links = page.locator(
      `.pdf-page[data-page-number="${pageNumber}"] .annotationLayer a:not([target])`,
    );
    for (let i = 0; i < (await links.count()) && times.length < PREVIEWS; i++) {
      await page.mouse.move(2, 2);
      await page.locator('.reference-preview').waitFor({ state: 'detached', timeout: WAIT_MS });
      await page.evaluate(() => ((window as unknown as { pointerAt: number }).pointerAt = 0));
      // A link low on a page is below the window: brought into view first, as the student would scroll.
      await links.nth(i).scrollIntoViewIfNeeded({ timeout: WAIT_MS });
      await page.locator('.reference-preview').waitFor({ state: 'detached', timeout: WAIT_MS });
      const box = await links.nth(i).boundingBox();
      if (!box || box.y < 0 || box.y + box.height > VIEWPORT.height) continue;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const drawn = await page.waitForFunction(
        () =>
          document.querySelector('.reference-preview[data-drawn="true"]')
            ? performance.now() - (window as unknown as { pointerAt: number }).pointerAt
            : 0,
        undefined,
        { timeout: WAIT_MS, polling: 'raf' },
      );
      times.push((await drawn.jsonValue()) as number);
    }
  }
  await page.mouse.move(2, 2);
  return times;
}

/** Opens the find bar and types each of FIND_QUERIES afresh, timing its last key to its results listed. */
async function findInBook(page: Page): Promise<number[]> {
  await page.keyboard.press('Control+f');
  const input = page.getByRole('textbox', { name: 'Find in book' });
  await input.waitFor({ timeout: WAIT_MS });
  await page.evaluate(() => {
    const times = window as unknown as { typedAt: number };
    document.addEventListener('input', () => (times.typedAt = performance.now()), { capture: true });
  });
  const times: number[] = [];
  for (const query of FIND_QUERIES) {
    await input.fill('');
    await input.pressSequentially(query);
    const listed = await page.waitForFunction(
      () => {
        const status = document.querySelector('.find-bar__status')?.textContent ?? '';
        const done = status !== '' && status !== 'Searching…';
        const hits = document.querySelectorAll('[aria-label="Search results"] button').length;
        return done && (hits > 0 || status === 'No results')
          ? performance.now() - (window as unknown as { typedAt: number }).typedAt
          : 0;
      },
      undefined,
      { timeout: WAIT_MS, polling: 'raf' },
    );
    times.push((await listed.jsonValue()) as number);
  }
  return times;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function seconds(ms: number): string {
  return ms < 60_000
    ? `${(ms / 1000).toFixed(0)} s`
    : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** 'ok' when ours is no worse than pdf.js (within SLACK, for noise), else how many times worse. */
function versusPdfJs(ours: number | null, pdfjs: number | null, isTime: boolean): string {
  if (ours === null || pdfjs === null) return '';
  const ok = ours <= pdfjs * SLACK.ratio + (isTime ? SLACK.frameMs : 0);
  return ok ? 'ok' : `${(ours / pdfjs).toFixed(1)}× worse`;
}

type Row = { name: string; ours: string; pdfjs: string; target?: string; met?: boolean; versus?: string };

/** A feature pdf.js's viewer does not have: ours alone, against its target; n/a when nothing was timed. */
function featureRow(name: string, times: number[], targetMs: number): Row {
  const median = quantile(times, 0.5);
  return {
    name: `${name} ${times.length}`,
    ours: times.length === 0 ? 'n/a' : `${median.toFixed(0)} ms`,
    pdfjs: '-',
    target: `< ${targetMs} ms`,
    met: times.length > 0 && median < targetMs,
  };
}

/**
 * Turn times, median (p90), against pdf.js's: the phased turns' time past the frame clock's next tick (the
 * turn's own cost, without the wait for the display's clock that both viewers share), or the paced turns'.
 * A frame's slack would hide it all, so these compare within 1 ms (the animation callback's own lag), and
 * the p90 too.
 */
function turnTimesRow(name: string, ours: number[], pdfjs: number[]): Row {
  const summary = (times: number[]) => {
    const [median, p90] = [quantile(times, 0.5), quantile(times, 0.9)];
    return { median, p90, text: times.length === 0 ? 'n/a' : `${median.toFixed(1)} ms (${p90.toFixed(1)})` };
  };
  const [a, b] = [summary(ours), summary(pdfjs)];
  const within = (x: number, y: number) => x <= y * SLACK.ratio + 1;
  const versus =
    ours.length === 0 || pdfjs.length === 0
      ? ''
      : !within(a.median, b.median)
        ? `${(a.median / b.median).toFixed(1)}× worse`
        : !within(a.p90, b.p90)
          ? `p90 ${(a.p90 / b.p90).toFixed(0)}× worse`
          : 'ok';
  return { name, ours: a.text, pdfjs: b.text, versus };
}

function printBook(
  book: Book,
  pageCount: number,
  jumpBy: number,
  ours: ViewerResult,
  pdfjs: ViewerResult,
  features: FeatureTimes,
  reopened: Reopened,
) {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const mb = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} MB`);
  const rows: Row[] = [
    {
      name: `first page shown (ours: image), median of ${ours.firstPageLoadsMs.length}`,
      ours: ms(ours.firstVisibleMs),
      pdfjs: ms(pdfjs.firstVisibleMs),
      target: `≤ 0.5× pdf.js`,
      met: ours.firstVisibleMs <= pdfjs.firstVisibleMs * 0.5,
      versus: `${(ours.firstVisibleMs / pdfjs.firstVisibleMs).toFixed(2)}×`,
    },
    {
      name: 'image -> drawn page, largest shift',
      ours: ours.openingShiftPx === null ? 'no image' : `${ours.openingShiftPx.toFixed(1)} px`,
      pdfjs: '-',
      target: '< 1 px',
      met: ours.openingShiftPx !== null && ours.openingShiftPx < 1,
    },
    {
      name: `first page drawn, median of ${ours.firstPageLoadsMs.length}`,
      ours: ms(ours.firstPageMs),
      pdfjs: ms(pdfjs.firstPageMs),
      target: `< ${TARGETS.firstPageMs} ms`,
      met: ours.firstPageMs < TARGETS.firstPageMs,
      versus: versusPdfJs(ours.firstPageMs, pdfjs.firstPageMs, true),
    },
    {
      name: `reopened at p. ${reopened.page}: shown, drawn`,
      ours: `${ms(reopened.shownMs)}, ${ms(reopened.drawnMs)}`,
      pdfjs: '-',
    },
    {
      name: `page turn, median (p90) of ${ours.turnsMs.length}`,
      ours: `${ms(ours.turnMedianMs)} (${ours.turnP90Ms.toFixed(0)})`,
      pdfjs: `${ms(pdfjs.turnMedianMs)} (${pdfjs.turnP90Ms.toFixed(0)})`,
      target: `< ${TARGETS.turnMs} ms`,
      met: ours.turnMedianMs < TARGETS.turnMs,
      versus: versusPdfJs(ours.turnMedianMs, pdfjs.turnMedianMs, true),
    },
    turnTimesRow(
      '  set phases: past the next frame',
      ours.phasedTurns.map((turn) => turn.pastNextFrameMs),
      pdfjs.phasedTurns.map((turn) => turn.pastNextFrameMs),
    ),
    turnTimesRow(`  ${ours.pacedTurnsMs.length} real clicks, paced`, ours.pacedTurnsMs, pdfjs.pacedTurnsMs),
    {
      name: `TOC jump ±${jumpBy} pages, median of ${ours.jumps.length}`,
      ours: ms(ours.jumpMedianMs),
      pdfjs: ms(pdfjs.jumpMedianMs),
      versus: versusPdfJs(ours.jumpMedianMs, pdfjs.jumpMedianMs, true),
    },
    {
      name: `JS heap after ${ours.pagesTurned} pages`,
      ours: mb(ours.heapMb),
      pdfjs: mb(pdfjs.heapMb),
      target: `< ${TARGETS.heapMb} MB`,
      met: ours.heapMb < TARGETS.heapMb,
      versus: versusPdfJs(ours.heapMb, pdfjs.heapMb, false),
    },
    { name: '  of which in workers', ours: mb(ours.workerHeapMb), pdfjs: mb(pdfjs.workerHeapMb) },
    { name: 'JS heap at page 1', ours: mb(ours.heapAtStartMb), pdfjs: mb(pdfjs.heapAtStartMb) },
    {
      name: `renderer RSS after ${ours.pagesTurned} pages`,
      ours: mb(ours.rendererRssMb),
      pdfjs: mb(pdfjs.rendererRssMb),
      versus: versusPdfJs(ours.rendererRssMb, pdfjs.rendererRssMb, false),
    },
    { name: 'page 1 drawn width', ours: `${ours.pageWidthPx} px`, pdfjs: `${pdfjs.pageWidthPx} px` },
    featureRow(`link hover -> preview drawn, median of`, features.previewMs, TARGETS.previewMs),
    featureRow(
      `  the page read ${READ_FIRST_MS / 1000} s first, median of`,
      features.previewAfterReadingMs,
      TARGETS.previewMs,
    ),
    featureRow(`find: typed -> results listed, median of`, features.findMs, TARGETS.findMs),
  ];
  const line = (cells: string[]) =>
    console.log(
      cells[0]!.padEnd(34) + cells[1]!.padStart(12) + cells[2]!.padStart(16) + '   ' + cells[3]!.padEnd(12),
      cells[4]!.padEnd(6),
      cells[5],
    );
  console.log(`\n${book.label}, ${pageCount} pages, viewport ${VIEWPORT.width}×${VIEWPORT.height}`);
  line(['', 'ours', 'pdf.js viewer', 'target', 'met', 'vs pdf.js']);
  for (const row of rows) {
    const met = row.met === undefined ? '' : row.met ? 'pass' : 'FAIL';
    line([row.name, row.ours, row.pdfjs, row.target ?? '', met, row.versus ?? '']);
  }
  for (const [viewer, result] of [['ours', ours] as const, ['pdf.js', pdfjs] as const]) {
    if (result.errors.length > 0)
      console.log(`  ${viewer} logged errors: ${result.errors.slice(0, 5).join(' | ')}`);
  }
}

function printBundle(bundle: BundleReport) {
  const kb = (size: ChunkSize) =>
    `${(size.gzipBytes / 1024).toFixed(1)} kB gzip (${(size.bytes / 1024).toFixed(1)} kB: ${size.files.join(', ')})`;
  console.log(`initial JavaScript (/library): ${kb(bundle.initial)}`);
  console.log(`reader route, lazy:            ${kb(bundle.reader)}`);
  console.log(`pdf.js worker:                 ${kb(bundle.worker)}`);
  const only = !bundle.pdfjsInInitial && bundle.pdfjsInReader;
  console.log(`pdf.js only in the reader route: ${only ? 'yes' : 'NO'}`);
}

/** What main started, undone in reverse order on the way out: after a failure or Ctrl-C too. */
const cleanups: (() => unknown)[] = [];
let cleaning: Promise<void> | undefined;

/** Runs once however often it is called (main's finally and a signal may both ask). */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) {
      await Promise.resolve()
        .then(undo)
        .catch((error: unknown) => console.error('cleaning up:', error));
    }
  })();
  return cleaning;
}

async function main() {
  const started = Date.now();
  const loadAverage = [os.loadavg()[0]!];
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(path.join(webDistDir, 'index.html')))
    throw new Error('build the web app first: npm run build');
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'threadbook-bench-reader-'));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  try {
    const books = prepareBooks(options.pdfs, workDir);
    const bundle = bundleReport(webDistDir);
    printBundle(bundle);

    console.error(`importing ${books.length} book(s) into the real server...`);
    const server = await startLibraryServer(books, workDir);
    cleanups.push(() => server.stop());
    await signUp(server.baseURL);
    const ids = await waitForImports(server, books);
    console.error(`imported in ${seconds(Date.now() - started)}`);
    const comparison = await startComparisonServer(books);
    cleanups.push(() => comparison.close());
    const browser = await chromium.launch({
      executablePath: chromiumLaunchOptions.executablePath,
      args: CHROMIUM_ARGS,
      timeout: WAIT_MS,
      // Playwright would exit the process on a signal before the server is stopped: cleanUp closes it.
      handleSIGINT: false,
      handleSIGTERM: false,
    });
    cleanups.push(() => browser.close());
    const cdp = await browser.newBrowserCDPSession();

    const results = [];
    for (const [index, book] of books.entries()) {
      const id = ids.get(book.title)!;
      const pageCount = await bookPageCount(server.baseURL, id);
      console.error(`${book.label}: our reader...`);
      // One load each here; the first page's loads come after, taking turns (firstPagesInTurn).
      const once = { ...options, loads: 1 };
      const oursRun: ViewerRun = {
        viewer: 'ours',
        url: `${server.baseURL}/reader/${id}`,
        pageCount,
        options: once,
        signIn: (page) => signInContext(page, server.baseURL),
        jump: (page) => jumpThroughToc(page, options.jump, pageCount),
        // Page turns and jumps moved the saved position: it opens at page 1, as pdf.js's viewer does.
        beforeLoad: () => savePosition(server.baseURL, id, 1),
      };
      const ours = await measureViewer(browser, cdp, oursRun);
      console.error(`${book.label}: pdf.js PDFViewer...`);
      const pdfjsRun: ViewerRun = {
        viewer: 'pdfjs',
        url: `${comparison.url}/viewer.html?file=/books/${index}.pdf&box=${ours.viewerBox.join(',')}`,
        pageCount,
        options: once,
        jump: (page) =>
          jumpToPages(
            page,
            ours.jumps.map((jump) => jump.to),
            pageCount,
          ),
      };
      const pdfjs = await measureViewer(browser, cdp, pdfjsRun);
      console.error(`${book.label}: first page, ${options.loads} loads each, taking turns...`);
      await firstPagesInTurn(
        browser,
        [
          [oursRun, ours],
          [pdfjsRun, pdfjs],
        ],
        options.loads,
      );
      // A student coming back: the reader opens at the saved position, a page the import drew no image of.
      const reopenPage = Math.min(pageCount, Math.max(2, Math.round(pageCount * 0.6)));
      console.error(`${book.label}: reopened at page ${reopenPage}, ${options.loads} loads...`);
      const reopened = await reopenAt(browser, oursRun, reopenPage, options.loads, () =>
        savePosition(server.baseURL, id, reopenPage),
      );
      console.error(`${book.label}: previews and find in our reader...`);
      // The second run's pages: further on, or back when the book ends first.
      const readingPage =
        reopenPage + PREVIEW_PAGES_APART <= pageCount
          ? reopenPage + PREVIEW_PAGES_APART
          : Math.max(1, reopenPage - PREVIEW_PAGES_APART);
      const features = await measureFeatures(
        browser,
        {
          viewer: 'ours',
          url: `${server.baseURL}/reader/${id}`,
          pageCount,
          options,
          signIn: (page) => signInContext(page, server.baseURL),
          jump: () => Promise.resolve([]),
        },
        () => savePosition(server.baseURL, id, readingPage),
      );
      printBook(book, pageCount, options.jump, ours, pdfjs, features, reopened);
      results.push({ book: book.label, file: book.file, pageCount, ours, pdfjs, features, reopened });
    }
    console.log(
      `\nvs pdf.js: 'ok' when no worse than the pdf.js viewer, give or take ${Math.round((SLACK.ratio - 1) * 100)}% (and one frame for times)`,
    );
    loadAverage.push(os.loadavg()[0]!);
    // Other work on the machine slows both viewers and skews the comparison: say how busy it was.
    const [before, after] = loadAverage.map((load) => load.toFixed(1));
    console.log(`${os.cpus().length} cores, load average ${before} at the start, ${after} at the end`);
    console.log(`bench took ${seconds(Date.now() - started)}`);
    const machine = { cores: os.cpus().length, loadAverage };
    if (options.json) {
      const report = { viewport: VIEWPORT, targets: TARGETS, machine, bundle, books: results };
      console.log(JSON.stringify(report, null, 2));
    }
  } finally {
    await cleanUp();
  }
}

async function bookPageCount(baseURL: string, id: number): Promise<number> {
  const answer = await fetch(`${baseURL}/api/books/${id}/metadata`, {
    headers: { authorization: `Bearer ${await idToken(baseURL)}` },
    signal: AbortSignal.timeout(WAIT_MS),
  });
  return ((await answer.json()) as { pageCount: number }).pageCount;
}

/** Signs the page's context in: its request context shares the browser's cookies. */
async function signInContext(page: Page, baseURL: string): Promise<void> {
  const answer = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    data: { email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password },
    headers: { Origin: baseURL },
    timeout: WAIT_MS,
  });
  if (!answer.ok()) throw new Error(`sign-in answered ${answer.status()}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
await main();
