import {
  bookListItemSchema,
  jobSchema,
  uploadSchema,
  uploadsResponseSchema,
  type BookListItem,
  type BookRename,
  type Job,
  type Upload,
  type UploadsResponse,
} from '@threadbook/contracts';
import { apiFetch, apiJson, ApiError, AuthenticationError, errorDetail, idToken } from '../../lib/api.ts';

export const LOAD_UPLOADS_FALLBACK = 'Failed to load your uploads';

/** GET /api/uploads: whether uploads are on, the size limit, and the uploads that are not books yet. */
export async function fetchUploads(init?: { signal?: AbortSignal }): Promise<UploadsResponse> {
  const parsed = uploadsResponseSchema.safeParse(await apiJson<unknown>('/api/uploads', init));
  if (!parsed.success) throw new Error(LOAD_UPLOADS_FALLBACK);
  return parsed.data;
}

/** GET /api/jobs/{id}: an upload's job, with the book it made or found once done. */
export async function fetchJob(id: number): Promise<Job> {
  return jobSchema.parse(await apiJson<unknown>(`/api/jobs/${id}`));
}

/** POST /api/uploads/{id}/retry. */
export async function retryUpload(id: number): Promise<void> {
  await apiFetch(`/api/uploads/${id}/retry`, { method: 'POST' });
}

/** DELETE /api/uploads/{id}. */
export async function removeUpload(id: number): Promise<void> {
  await apiFetch(`/api/uploads/${id}`, { method: 'DELETE' });
}

/** PATCH /api/books/{id}: renames one of the user's own books. */
export async function renameBook(id: number, body: BookRename): Promise<BookListItem> {
  return bookListItemSchema.parse(await apiJson<unknown>(`/api/books/${id}`, { method: 'PATCH', body }));
}

/** DELETE /api/books/{id}: removes one of the user's own books. */
export async function removeBook(id: number): Promise<void> {
  await apiFetch(`/api/books/${id}`, { method: 'DELETE' });
}

export interface SendPdfOptions {
  file: File;
  title: string;
  author: string;
  /** Bytes sent so far of `total`. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * The answer of POST /api/uploads: 202 and the upload, queued, whatever the file (one the library has is
 * found by its job at once).
 */
export interface SentPdf {
  status: number;
  upload: Upload;
}

/** The path of POST /api/uploads with its query. */
export function uploadPath({ file, title, author }: Pick<SendPdfOptions, 'file' | 'title' | 'author'>) {
  const query = new URLSearchParams({ fileName: file.name || 'book.pdf' });
  if (title.trim()) query.set('title', title.trim());
  if (author.trim()) query.set('author', author.trim());
  return `/api/uploads?${query.toString()}`;
}

function sendOnce(
  options: SendPdfOptions,
  token: string | null,
): Promise<{ status: number; statusText: string; body: unknown }> {
  const { file, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', uploadPath(options));
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Content-Type', 'application/pdf');
    request.responseType = 'text';
    request.upload.addEventListener('progress', (event) => {
      onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: request.status, statusText: request.statusText, body });
    });
    request.addEventListener('error', () =>
      reject(new Error('The upload failed: the server could not be reached.')),
    );
    request.addEventListener('abort', () =>
      reject(new DOMException('The upload was stopped.', 'AbortError')),
    );
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/**
 * POST /api/uploads with the PDF itself as the body, through XMLHttpRequest for its upload progress events,
 * with the bearer token apiFetch sends and, like apiFetch, one retry with a fresh token after a 401.
 */
export async function sendPdf(options: SendPdfOptions): Promise<SentPdf> {
  let answer = await sendOnce(options, await idToken());
  if (answer.status === 401) {
    answer = await sendOnce(options, await idToken({ forceRefresh: true }));
    if (answer.status === 401) throw new AuthenticationError();
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiError(answer.status, answer.statusText, errorDetail(answer.body));
  }
  return { status: answer.status, upload: uploadSchema.parse(answer.body) };
}
