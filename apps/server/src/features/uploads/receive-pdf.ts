import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A PDF's header, `%PDF-`, may follow up to 1024 bytes of junk (PDF 1.7, annex H; pdf.js allows it). */
const HEADER = Buffer.from('%PDF-');
const HEADER_WITHIN = 1024;

/** Why an upload was refused while it was received. */
export class RefusedUpload extends Error {
  readonly reason: 'not-pdf' | 'too-large';
  constructor(reason: 'not-pdf' | 'too-large') {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Streams an upload's body into `file`, never holding it in memory: its SHA-256 and size on the way, and
 * refused (RefusedUpload) as soon as it passes `maxBytes` or its first kilobyte has no PDF header, by the
 * bytes themselves and not the file's name. The caller removes `file` on a refusal.
 */
export async function receivePdf(
  body: Readable,
  file: string,
  maxBytes: number,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer | undefined = Buffer.alloc(0);
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new RefusedUpload('too-large'));
      if (head !== undefined) {
        head = Buffer.concat([head, chunk]).subarray(0, HEADER_WITHIN + HEADER.length);
        if (head.indexOf(HEADER) !== -1) head = undefined;
        else if (head.length >= HEADER_WITHIN + HEADER.length) return done(new RefusedUpload('not-pdf'));
      }
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      done(head === undefined ? null : new RefusedUpload('not-pdf'));
    },
  });
  await pipeline(body, check, createWriteStream(file));
  return { sha256: hash.digest('hex'), size };
}
