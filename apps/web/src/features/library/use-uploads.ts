import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Upload, UploadsResponse } from '@threadbook/contracts';
import { fetchUploads } from './uploads-api.ts';
import { booksQueryKey } from './use-books.ts';
import { uploadStageText } from './upload-text.ts';

export const uploadsQueryKey = ['uploads'] as const;

/** How often the uploads are asked for while one is queued or running. */
export const UPLOADS_POLL_MS = 1000;

const inProgress = (upload: Upload) => upload.state === 'queued' || upload.state === 'running';

/** A sentence for the live region when an upload moved on (a new stage, failed, or became a book). */
function change(before: Upload | undefined, after: Upload | undefined, title: string): string | null {
  if (!after) return before && before.state !== 'failed' ? `“${title}” is in your library.` : null;
  if (after.state === 'failed') {
    return before?.state === 'failed' ? null : `“${title}” could not be added: ${after.error ?? 'it failed'}`;
  }
  if (before && before.state === after.state && before.stage === after.stage) return null;
  const stage = uploadStageText({ ...after, progress: null, secondsLeft: null });
  return `“${title}”: ${stage}`;
}

/**
 * The user's uploads that are not books yet (GET /api/uploads), asked for when the Library opens (so a
 * reload shows an import's progress again) and every second while one is queued or running. An upload
 * that leaves the list became a book: the book list is asked for again. `announce` hears each change.
 * A server without uploads (or one that cannot answer) leaves the Library as it was: no "Add a book".
 */
export function useUploads(announce: (message: string) => void): {
  data: UploadsResponse | undefined;
  /** An upload the user removed: its leaving the list is not a book arriving. */
  forget: (id: number) => void;
} {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: uploadsQueryKey,
    queryFn: ({ signal }) => fetchUploads({ signal }),
    refetchInterval: (current) => (current.state.data?.uploads.some(inProgress) ? UPLOADS_POLL_MS : false),
  });
  const previous = useRef<Map<number, Upload> | null>(null);
  const removed = useRef(new Set<number>());
  const data = query.data;

  useEffect(() => {
    if (!data) return;
    const now = new Map(data.uploads.map((upload) => [upload.id, upload]));
    const before = previous.current;
    previous.current = now;
    if (!before) return;
    let left = false;
    for (const [id, upload] of before) {
      if (!now.has(id) && !removed.current.has(id)) {
        if (upload.state !== 'failed') left = true;
        const message = change(upload, undefined, upload.title);
        if (message) announce(message);
      }
    }
    for (const [id, upload] of now) {
      const message = change(before.get(id), upload, upload.title);
      if (message) announce(message);
    }
    if (left) void client.invalidateQueries({ queryKey: booksQueryKey, exact: true });
  }, [data, client, announce]);

  return {
    data: query.status === 'success' ? data : undefined,
    forget: (id) => void removed.current.add(id),
  };
}
