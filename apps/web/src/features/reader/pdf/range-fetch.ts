import { apiFetch } from '../../../lib/api.ts';

/** Bytes per range request (pdf.js's own default); contiguous missing chunks go in one request. */
export const RANGE_CHUNK_SIZE = 64 * 1024;

/** The total size in `Content-Range: bytes a-b/total`; null when the header is missing or malformed. */
export function totalFromContentRange(header: string | null): number | null {
  const match = header ? /^bytes \d+-\d+\/(\d+)$/.exec(header.trim()) : null;
  return match ? Number(match[1]) : null;
}

/**
 * Ranges bypass the browser's HTTP cache: pdf.js keeps what it has read, so the cache would only revalidate
 * (the files are `max-age=0`), and Chromium's cache rewrites a range asked for while it holds part of the
 * file: the file's start and end, asked for together, once went out as `bytes=0-3079` and came back whole.
 */
const UNCACHED: RequestInit = { cache: 'no-store' };

/** A range's bytes, with the size of the whole file. */
export interface RangeAnswer {
  bytes: Uint8Array;
  total: number;
}

/** A range's bytes, where they start in the file, and the size of the whole file. */
export interface PlacedRange extends RangeAnswer {
  begin: number;
}

/** The beginning of `Content-Range: bytes a-b/total`; null when the header is missing or malformed. */
export function beginFromContentRange(header: string | null): number | null {
  const match = header ? /^bytes (\d+)-\d+\/\d+$/.exec(header.trim()) : null;
  return match ? Number(match[1]) : null;
}

/**
 * GET the last `length` bytes of `path` (`bytes=-length`, all of a shorter file) through apiFetch, with
 * where they start and the size of the whole file.
 */
export async function fetchSuffix(path: string, length: number, signal?: AbortSignal): Promise<PlacedRange> {
  const response = await apiFetch(path, { ...UNCACHED, headers: { Range: `bytes=-${length}` }, signal });
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A server that ignores Range answers the whole file with 200.
  if (response.status !== 206) {
    const begin = Math.max(0, bytes.length - length);
    return { begin, bytes: bytes.subarray(begin), total: bytes.length };
  }
  const contentRange = response.headers.get('Content-Range');
  const begin = beginFromContentRange(contentRange);
  const total = totalFromContentRange(contentRange);
  if (begin === null || total === null)
    throw new Error(`${path}: a partial answer without a valid Content-Range`);
  return { begin, bytes, total };
}

/**
 * GET `bytes=begin..end-1` of `path` through apiFetch (bearer token, refreshed and retried on a 401), with
 * the size of the whole file.
 */
export async function fetchRange(
  path: string,
  begin: number,
  end: number,
  signal?: AbortSignal,
): Promise<RangeAnswer> {
  const response = await apiFetch(path, {
    ...UNCACHED,
    headers: { Range: `bytes=${begin}-${end - 1}` },
    signal,
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A server that ignores Range answers the whole file with 200.
  if (response.status !== 206) return { bytes: bytes.subarray(begin, end), total: bytes.length };
  const contentRange = response.headers.get('Content-Range');
  const from = beginFromContentRange(contentRange);
  const total = totalFromContentRange(contentRange);
  // More than was asked for (a cache holding the whole file may answer so) is cut to what was.
  const wanted = Math.min(end, total ?? 0) - begin;
  if (from === null || total === null || from > begin || from + bytes.length < begin + wanted) {
    throw new Error(
      `${path}: a partial answer whose Content-Range (${contentRange}) is not the range asked for`,
    );
  }
  return { bytes: bytes.subarray(begin - from, begin - from + wanted), total };
}
