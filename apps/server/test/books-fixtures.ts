import { once } from 'node:events';
import http from 'node:http';
import { createWriteStream, writeFileSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import PDFDocument from 'pdfkit';
import { expect } from 'vitest';
import { TestClient, uniqueEmail } from './support/client.ts';
import type { TestServer } from './support/server.ts';
import type { Db } from '../src/db/database.ts';
import type { ImportContext } from '../src/features/imports/import-book.ts';
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
  /** No Title in the metadata and no title on the first page: the PDF names no title. */
  untitled?: boolean;
  /** Words of its own on every page, so that two PDFs made alike differ. */
  words?: string;
}

/** Writes a real PDF: page N says "Page N" plus some body text (or only shapes with `noText`). */
/** What an import in the test process is given: the installation's database and DATA_DIR's storage. */
export function importContext(db: Db, dataDir: string): ImportContext {
  return { db, dataDir, storage: openBookStorage({ dataDir }), maxBookMb: 200 };
}

export async function makePdf(file: string, options: PdfOptions = {}): Promise<void> {
  const { pages = 2, title = 'Tiny Test Book', author = 'Test Author', noText = false } = options;
  const doc = new PDFDocument({
    info: options.untitled ? { Author: author } : { Title: title, Author: author },
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
    if (page === 1 && !options.untitled) doc.fontSize(28).text(title, { align: 'center' }).fontSize(12);
    doc.text(`Page ${page}. Groups, rings and fields: a paragraph of body text for the tests.`);
    if (options.words) doc.text(options.words);
    for (let line = 0; line < (options.linesPerPage ?? 0); line++) {
      doc.text(`Line ${line} of page ${page}: the quick brown fox jumps over the lazy dog.`);
    }
  }
  doc.end();
  await finished(out);
}

/**
 * A decompression bomb: a small PDF of one page whose content stream (one line of text, then spaces)
 * inflates to `inflatedMb` megabytes. Deflated in pieces, so making it takes little memory.
 */
export async function makeDecompressionBomb(file: string, inflatedMb: number): Promise<void> {
  const deflate = zlib.createDeflate({ level: 9 });
  const pieces: Buffer[] = [];
  deflate.on('data', (piece: Buffer) => pieces.push(piece));
  const deflated = finished(deflate);
  deflate.write('BT /F1 12 Tf 72 720 Td (A page of body text about groups and rings.) Tj ET\n');
  const spaces = Buffer.alloc(16 * 1024 * 1024, 0x20);
  for (let mb = 0; mb < inflatedMb; mb += 16) {
    if (!deflate.write(spaces)) await once(deflate, 'drain');
  }
  deflate.end();
  await deflated;
  const content = Buffer.concat(pieces);

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null, // the content stream
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((body, i) => {
    offsets.push(length);
    if (body !== null) return add(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
    add(Buffer.from(`${i + 1} 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`));
    add(content);
    add(Buffer.from('\nendstream\nendobj\n'));
  });
  const xref = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  add(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  writeFileSync(file, Buffer.concat(parts));
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
