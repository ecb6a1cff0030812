import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ANNOTATION_LIMITS,
  AnnotationErrorMessage,
  type Annotation,
  type AnnotationPatch,
  type AnnotationRequest,
} from '@threadbook/contracts';
import { ApiError, AuthenticationError, describeError } from '../../../lib/api.ts';
import { createAnnotation, deleteAnnotation, listAnnotations, patchAnnotation } from './api.ts';
import { inBookOrder } from './order.ts';

/** What the student reads when the highlights cannot be had or changed. */
export const AnnotationMessage = {
  loadFailed: 'Your highlights and notes could not be loaded',
  saveFailed: 'The highlight could not be saved',
  changeFailed: 'The change could not be saved',
  removeFailed: 'The highlight could not be removed',
  exportFailed: 'Your notes could not be exported',
  tooMany: AnnotationErrorMessage.tooMany,
} as const;

export type AnnotationsStatus = 'loading' | 'loaded' | 'error';

export interface AnnotationsState {
  /** In book order (page, then top to bottom). */
  annotations: Annotation[];
  status: AnnotationsStatus;
  /** Why loading or the last change failed; null when nothing failed (a new change clears it). */
  error: string | null;
  /** Saves a new highlight; resolves to it, or to null when it could not be saved (`error` says why). */
  create(request: AnnotationRequest): Promise<Annotation | null>;
  update(id: string, patch: AnnotationPatch): void;
  /** Removes a highlight; resolves to it (for an undo), or null when it could not be removed. */
  remove(id: string): Promise<Annotation | null>;
}

export const annotationsQueryKey = (bookId: number) => ['books', bookId, 'annotations'] as const;

/** The message for a failed call: the API's own words where it gave them (the limit, a bad note). */
function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof AuthenticationError) return error.message;
  if (error instanceof ApiError && error.status === 400) return describeError(error, fallback);
  return fallback;
}

/**
 * The student's highlights and notes of a book (issue 34). The list is a query; each change is sent at once
 * and written into it when the server confirms it (the server gives a new highlight its id), so what is
 * drawn is what is stored. Mount it under a key of the book id.
 */
export function useAnnotations(bookId: number): AnnotationsState {
  const queryClient = useQueryClient();
  const key = annotationsQueryKey(bookId);
  const [changeError, setChangeError] = useState<string | null>();
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => listAnnotations(bookId, signal),
  });
  const write = (change: (list: Annotation[]) => Annotation[]) =>
    queryClient.setQueryData<Annotation[]>(key, (list) => (list ? inBookOrder(change(list)) : list));

  const created = useMutation({
    mutationFn: (request: AnnotationRequest) => createAnnotation(bookId, request),
    onSuccess: (annotation) => write((list) => [...list.filter((a) => a.id !== annotation.id), annotation]),
  });
  const updated = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AnnotationPatch }) => patchAnnotation(bookId, id, patch),
    onSuccess: (annotation) => write((list) => list.map((a) => (a.id === annotation.id ? annotation : a))),
  });
  const removed = useMutation({
    mutationFn: (id: string) => deleteAnnotation(bookId, id),
    onSuccess: (_, id) => write((list) => list.filter((a) => a.id !== id)),
  });

  const annotations = query.data ?? [];
  const error =
    changeError !== undefined
      ? changeError
      : query.status === 'error'
        ? failureMessage(query.error, AnnotationMessage.loadFailed)
        : null;

  return {
    annotations,
    status: query.status === 'pending' ? 'loading' : query.status === 'error' ? 'error' : 'loaded',
    error,
    async create(request) {
      // The server would refuse it; the student hears why without waiting for it.
      if (annotations.length >= ANNOTATION_LIMITS.perBook) {
        setChangeError(AnnotationMessage.tooMany);
        return null;
      }
      setChangeError(null);
      try {
        return await created.mutateAsync(request);
      } catch (failure) {
        console.warn('a highlight could not be saved', failure);
        setChangeError(failureMessage(failure, AnnotationMessage.saveFailed));
        return null;
      }
    },
    update(id, patch) {
      setChangeError(null);
      updated.mutate(
        { id, patch },
        { onError: (failure) => setChangeError(failureMessage(failure, AnnotationMessage.changeFailed)) },
      );
    },
    async remove(id) {
      const annotation = annotations.find((a) => a.id === id) ?? null;
      setChangeError(null);
      try {
        await removed.mutateAsync(id);
        return annotation;
      } catch (failure) {
        setChangeError(failureMessage(failure, AnnotationMessage.removeFailed));
        return null;
      }
    },
  };
}
