import {
  annotationListSchema,
  annotationSchema,
  type Annotation,
  type AnnotationPatch,
  type AnnotationRequest,
} from '@threadbook/contracts';
import { apiFetch, apiJson, ApiError, UnexpectedAnswerError } from '../../../lib/api.ts';

/**
 * The highlights-and-notes calls (issue 34), through apiFetch (bearer token, one retry on 401). Every
 * answer is checked against the shared contract.
 */

const annotationsPath = (bookId: number) => `/api/books/${bookId}/annotations`;

function checked(answer: unknown): Annotation {
  const parsed = annotationSchema.safeParse(answer);
  if (!parsed.success) throw new UnexpectedAnswerError('a highlight');
  return parsed.data;
}

/** GET /api/books/{id}/annotations: the user's highlights of the book, in book order. */
export async function listAnnotations(bookId: number, signal?: AbortSignal): Promise<Annotation[]> {
  const parsed = annotationListSchema.safeParse(await apiJson<unknown>(annotationsPath(bookId), { signal }));
  if (!parsed.success) throw new UnexpectedAnswerError('a list of highlights');
  return parsed.data;
}

/** POST /api/books/{id}/annotations. */
export async function createAnnotation(bookId: number, request: AnnotationRequest): Promise<Annotation> {
  return checked(await apiJson<unknown>(annotationsPath(bookId), { method: 'POST', body: request }));
}

/** PATCH /api/books/{id}/annotations/{aid}: a new colour, a new note, or both. */
export async function patchAnnotation(
  bookId: number,
  id: string,
  patch: AnnotationPatch,
): Promise<Annotation> {
  return checked(
    await apiJson<unknown>(`${annotationsPath(bookId)}/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: patch,
    }),
  );
}

/** DELETE /api/books/{id}/annotations/{aid}; a 404 counts as done (removed in another tab). */
export async function deleteAnnotation(bookId: number, id: string): Promise<void> {
  try {
    await apiFetch(`${annotationsPath(bookId)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

export type ExportFormat = 'md' | 'jsonld';

/**
 * GET /api/books/{id}/annotations/export: the file the server makes, saved by the browser under the name
 * the server gives it. The call needs the bearer token, so it is fetched and handed over as a blob URL.
 */
export async function downloadAnnotations(bookId: number, format: ExportFormat): Promise<void> {
  const response = await apiFetch(`${annotationsPath(bookId)}/export?format=${format}`);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `notes.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
