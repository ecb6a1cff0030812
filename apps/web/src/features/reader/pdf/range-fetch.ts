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
 * GET `range` (a Range header value) of `path` through apiFetch (bearer token, refreshed and retried on a
 * 401), with where the bytes start and the size of the whole file. A server that ignores Range answers the
 * whole file with 200: its bytes start at 0.
 */
async function fetchPlaced(path: string, range: string, signal?: AbortSignal): Promise<PlacedRange> {
  const response = await apiFetch(path, { ...UNCACHED, headers: { Range: range }, signal });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 206) return { begin: 0, bytes, total: bytes.length };
  const contentRange = response.headers.get('Content-Range');
  const begin = beginFromContentRange(contentRange);
  const total = totalFromContentRange(contentRange);
  if (begin === null || total === null) {
    throw new Error(`${path}: a partial answer without a valid Content-Range (${contentRange})`);
  }
  return { begin, bytes, total };
}

/** The last `length` bytes of `path` (`bytes=-length`; all of a shorter file), with where they start. */
export async function fetchSuffix(path: string, length: number, signal?: AbortSignal): Promise<PlacedRange> {
  const placed = await fetchPlaced(path, `bytes=-${length}`, signal);
  const begin = Math.max(placed.begin, placed.total - length);
  return { begin, bytes: placed.bytes.subarray(begin - placed.begin), total: placed.total };
}

/** Bytes `begin..end-1` of `path`, with the size of the whole file. */
export async function fetchRange(
  path: string,
  begin: number,
  end: number,
  signal?: AbortSignal,
): Promise<RangeAnswer> {
  const placed = await fetchPlaced(path, `bytes=${begin}-${end - 1}`, signal);
  // More than was asked for (a whole file, or a cache holding it) is cut to what was.
  const wanted = Math.min(end, placed.total) - begin;
  if (placed.begin > begin || placed.begin + placed.bytes.length < begin + wanted) {
    throw new Error(`${path}: a partial answer that is not the range asked for`);
  }
  const from = begin - placed.begin;
  return { bytes: placed.bytes.subarray(from, from + wanted), total: placed.total };
}
