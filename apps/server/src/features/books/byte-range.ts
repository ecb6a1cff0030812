/**
 * The Range header of a book file request, read as RFC 9110 §14 writes it: strictly (digits only; an
 * invalid header asks for the whole file) and with a strong If-Range.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** One range-spec with the optional whitespace of a list element: `first-[last]` or `-suffix`. */
const RANGE_SPEC = /^[ \t]*(?:(\d+)-(\d*)|-(\d+))[ \t]*$/;

/** What a request's Range asks of a file: one range (inclusive bounds), none it can have, or the whole. */
export type RangeAsked = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * The range a request's `headers` ask of a file with this `stat`: one range, 'unsatisfiable' (answered 416
 * with the file's size in Content-Range), or undefined for the whole file: no Range, an invalid one,
 * several ranges (that would be a multipart answer; pdf.js asks for one range at a time) or an If-Range
 * that does not hold.
 */
export function requestedRange(
  { range, 'if-range': ifRange }: IncomingHttpHeaders,
  { size, mtime }: { size: number; mtime: Date },
): RangeAsked {
  // Range units are case-insensitive (§14.1).
  const set = /^bytes=(.*)$/i.exec(range ?? '')?.[1];
  if (set === undefined || !ifRangeHolds(ifRange, mtime)) return undefined;
  // Empty list elements are ignored (§5.6.1.2).
  const specs = set.split(',').filter((spec) => !/^[ \t]*$/.test(spec));
  const match = specs.length === 1 ? RANGE_SPEC.exec(specs[0]!) : null;
  if (!match) return undefined;
  const [, first, last, suffix] = match;
  if (suffix !== undefined) {
    // A suffix longer than the file is all of it (the reader asks for a PDF's last 256 KiB, whatever its
    // size); `-0` is unsatisfiable (§14.1.1).
    const length = Math.min(Number(suffix), size);
    return length > 0 ? { start: size - length, end: size - 1 } : 'unsatisfiable';
  }
  // An int-range that ends before it starts is invalid, not unsatisfiable (§14.1.1). BigInt: the digits
  // may be longer than a double holds exactly.
  if (last && BigInt(last) < BigInt(first!)) return undefined;
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  return { start, end: last ? Math.min(Number(last), size - 1) : size - 1 };
}

/**
 * If-Range with the strong comparison of §13.1.5: the files' ETags are weak (made of size and
 * mtime, file-bytes.ts) and a weak tag never matches, so only a date exactly equal to Last-Modified does. A book's files
 * never change after import (a new import is a new id), which makes that date a strong validator.
 */
function ifRangeHolds(ifRange: string | string[] | undefined, mtime: Date): boolean {
  return ifRange === undefined || ifRange === mtime.toUTCString();
}
