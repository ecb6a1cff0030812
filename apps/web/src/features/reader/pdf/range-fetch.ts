import { apiFetch } from '../../../lib/api.ts';

/** Bytes per range request (pdf.js's own default); contiguous missing chunks go in one request. */
export const RANGE_CHUNK_SIZE = 64 * 1024;

/** The total size in `Content-Range: bytes a-b/total`; null when the header is missing or malformed. */
export function totalFromContentRange(header: string | null): number | null {
  const match = header ? /^bytes \d+-\d+\/(\d+)$/.exec(header.trim()) : null;
  return match ? Number(match[1]) : null;
}

/** A range's bytes, with the size of the whole file. */
export interface RangeAnswer {
  bytes: Uint8Array;
  total: number;
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
  const response = await apiFetch(path, { headers: { Range: `bytes=${begin}-${end - 1}` }, signal });
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A server that ignores Range answers the whole file with 200.
  if (response.status !== 206) return { bytes: bytes.subarray(begin, end), total: bytes.length };
  const total = totalFromContentRange(response.headers.get('Content-Range'));
  if (total === null) throw new Error(`${path}: a partial answer without a valid Content-Range`);
  return { bytes, total };
}
