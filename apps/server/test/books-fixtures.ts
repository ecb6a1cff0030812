import http from 'node:http';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { expect } from 'vitest';
import { TestClient, uniqueEmail } from './support/client.ts';
import type { TestServer } from './support/server.ts';
import type { Db } from '../src/db/database.ts';
import type { ImportContext } from '../src/features/books/import-book.ts';
import { openBookStorage } from '../src/features/books/storage.ts';

/** Shared fixtures of the books tests: small real PDFs made with pdfkit, a matching Book XML, a token. */

export interface PdfOptions {
  pages?: number;
  title?: string;
  author?: string;
  /** Draw shapes only: a PDF without a text layer. */
  noText?: boolean;
  /** Protect with a user password (pdf.js then cannot open it without one). */
  userPassword?: string;
  /** Extra lines per page, to make a bigger file. */
  linesPerPage?: number;
}

/** Writes a real PDF: page N says "Page N" plus some body text (or only shapes with `noText`). */
/** What an import in the test process is given: the installation's database and DATA_DIR's storage. */
export function importContext(db: Db, dataDir: string): ImportContext {
  return { db, dataDir, storage: openBookStorage({ dataDir }), maxBookMb: 200 };
}

export async function makePdf(file: string, options: PdfOptions = {}): Promise<void> {
  const { pages = 2, title = 'Tiny Test Book', author = 'Test Author', noText = false } = options;
  const doc = new PDFDocument({
    info: { Title: title, Author: author },
    autoFirstPage: false,
    ...(options.userPassword ? { userPassword: options.userPassword, ownerPassword: 'owner-secret' } : {}),
  });
  const out = createWriteStream(file);
  doc.pipe(out);
  for (let page = 1; page <= pages; page++) {
    doc.addPage();
    if (noText) {
      doc.rect(72, 72, 200, 100).fill('#4338ca');
      continue;
    }
    if (page === 1) doc.fontSize(28).text(title, { align: 'center' }).fontSize(12);
    doc.text(`Page ${page}. Groups, rings and fields: a paragraph of body text for the tests.`);
    for (let line = 0; line < (options.linesPerPage ?? 0); line++) {
      doc.text(`Line ${line} of page ${page}: the quick brown fox jumps over the lazy dog.`);
    }
  }
  doc.end();
  await finished(out);
}

/** A valid Book XML for a PDF of `pages` pages (one paragraph per page). */
export function bookXml(pages = 2, title = 'Tiny Test Book', author = 'Test Author'): string {
  const paragraphs = Array.from(
    { length: pages },
    (_, i) =>
      `      <paragraph id="1.1.${i + 1}" page="${i + 1}" y_start="0.1">Page ${i + 1}. Groups, rings and fields.</paragraph>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<book title="${title}" author="${author}">
  <chapter id="1" title="Groups">
    <section id="1.1" title="Definitions">
${paragraphs}
    </section>
  </chapter>
</book>
`;
}

/** A fresh signed-up user's ID token on `server`. */
export async function bearerToken(server: TestServer): Promise<string> {
  const client = new TestClient(server.baseUrl);
  const { status, body } = await client.signUp(uniqueEmail('reader'), 'secret1');
  expect(status, JSON.stringify(body)).toBe(200);
  return client.getIdToken();
}

/** GET with optional bearer token and headers, on a fresh connection; the body is read already. */
export async function get(
  server: TestServer,
  pathname: string,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { connection: 'close', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(new URL(pathname, server.baseUrl), { headers });
  // Read the body at once: an unread body on a closing connection trips undici (assert(!this.paused)).
  const body = await response.arrayBuffer();
  return new Response(body.byteLength > 0 ? body : null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Polls `check` until it returns a value (not undefined) or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * GET over node:http, with the path sent exactly as written (fetch would resolve "../" and re-encode it)
 * and only the headers given (fetch adds `cache-control: no-cache` to conditional requests).
 */
export function rawGet(
  server: TestServer,
  rawPath: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path: rawPath,
        headers: { connection: 'close', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}
