import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookListItem, Upload, UploadsResponse } from '@threadbook/contracts';
import { fetchJob, fetchUploads } from './uploads-api.ts';
import { booksQueryKey } from './use-books.ts';
import { uploadStageText } from './upload-text.ts';

export const uploadsQueryKey = ['uploads'] as const;

/** How often the uploads are asked for while one is queued or running. */
export const UPLOADS_POLL_MS = 1000;

const inProgress = (upload: Upload) => upload.state === 'queued' || upload.state === 'running';

/** A sentence for the live region when an upload moved on (a new stage, or failed). */
function change(before: Upload | undefined, after: Upload, title: string): string | null {
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
 * that leaves the list became a book: its job names the book, the book list is asked for again, and
 * `arrived` hears whether the user had that book already (the same PDF added again). An upload just sent
 * is followed from its answer (`track`): one whose job ends before the list is asked for again is seen
 * leaving too. `announce` hears each change. A server without uploads (or one that cannot answer) leaves
 * the Library as it was: no "Add a book".
 */
export function useUploads(
  announce: (message: string) => void,
  arrived: (upload: Upload, already: boolean) => void,
): {
  data: UploadsResponse | undefined;
  /** An upload the user removed: its leaving the list is not a book arriving. */
  forget: (id: number) => void;
  /** An upload the server just accepted. */
  track: (upload: Upload) => void;
} {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: uploadsQueryKey,
    queryFn: ({ signal }) => fetchUploads({ signal }),
    refetchInterval: (current) => (current.state.data?.uploads.some(inProgress) ? UPLOADS_POLL_MS : false),
  });
  const previous = useRef<Map<number, Upload> | null>(null);
  const tracked = useRef(new Map<number, Upload>());
  const removed = useRef(new Set<number>());
  const data = query.data;

  useEffect(() => {
    if (!data) return;
    const now = new Map(data.uploads.map((upload) => [upload.id, upload]));
    const before = previous.current;
    previous.current = now;
    const followed = new Map([...(before ?? []), ...tracked.current]);
    tracked.current.clear();
    for (const [id, upload] of followed) {
      if (now.has(id) || removed.current.has(id) || upload.state === 'failed') continue;
      void becameBook(upload);
    }
    // The first answer is how things stand, not a change.
    if (!before) return;
    for (const [id, upload] of now) {
      const message = change(before.get(id), upload, upload.title);
      if (message) announce(message);
    }

    /** Tells whether the book it became was in the list already, then asks for the list again. */
    async function becameBook(upload: Upload) {
      const job = await fetchJob(upload.id).catch(() => undefined);
      const books = client.getQueryData<BookListItem[]>(booksQueryKey) ?? [];
      const already = job?.bookId != null && books.some((book) => book.id === job.bookId);
      announce(
        already ? `“${upload.title}” is already in your library.` : `“${upload.title}” is in your library.`,
      );
      arrived(upload, already);
      await client.invalidateQueries({ queryKey: booksQueryKey, exact: true });
    }
    // Every answer is looked at, an unchanged one too (the same data): an upload just sent may have been
    // a book before it was ever listed.
  }, [data, query.dataUpdatedAt, client, announce, arrived]);

  const track = useCallback((upload: Upload) => void tracked.current.set(upload.id, upload), []);
  return {
    data: query.status === 'success' ? data : undefined,
    forget: (id) => void removed.current.add(id),
    track,
  };
}
