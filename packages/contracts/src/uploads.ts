import { z } from 'zod';
import { bookIdSchema } from './books.ts';
import { jobStateSchema } from './jobs.ts';

/**
 * A student's own books: a PDF added from the Library (POST /api/uploads) is imported by the job system
 * and becomes a book only its uploader sees (private), until an operator shares it (`npm run books`).
 *
 * Routes (all behind the bearer token):
 * - POST /api/uploads?fileName=&title=&author=, body the PDF itself (Content-Type application/pdf),
 *   streamed to storage: 202 and the upload (queued), whatever the PDF. One the library has already (the
 *   same bytes) is answered the same way, its job finishing at once with that book: a different answer
 *   would tell the user that someone else has the file. The stored bytes are shared; the title and author
 *   a user typed are theirs alone, never shown to anyone else.
 * - GET /api/uploads: whether uploads are on, the size limit, and the user's uploads that are not a book
 *   yet (queued, running or failed), oldest first.
 * - POST /api/uploads/{id}/retry: a failed upload whose failure was not in the file, queued again (202).
 * - DELETE /api/uploads/{id}: a queued or failed upload removed with its file (204).
 * - PATCH /api/books/{id} {title?, author?}: renames one of the user's private books (200, the list item).
 * - DELETE /api/books/{id}: removes one of the user's private books: its files, graph, search index and
 *   the bookmarks and positions kept in it (204).
 * Another user's private book or upload is 404 everywhere, never 403, which would say it exists.
 */

export const UPLOAD_LIMITS = {
  /** Characters of a title or author. */
  textLength: 300,
  /** Characters of a file name as given. */
  fileNameLength: 255,
} as const;

/**
 * Text a user gives a book (title, author, the file's name, which may become its title): trimmed, not
 * empty, one line of plain text. Control characters (NUL, CR, LF, ...) and the bidirectional embeddings,
 * overrides and isolates (which make a name read otherwise than it is stored) are refused.
 */
const bookTextSchema = (what: string, maxLength: number = UPLOAD_LIMITS.textLength) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} must not be empty`)
    .max(maxLength, `${what} must be at most ${maxLength} characters`)
    .regex(/^[^\p{Cc}]*$/u, `${what} must be a single line`)
    .regex(/^[^\u202A-\u202E\u2066-\u2069]*$/u, `${what} must not hold text direction controls`);

/** The query of POST /api/uploads; the title and author default to the PDF's own metadata. */
export const uploadQuerySchema = z.object({
  fileName: bookTextSchema('File name', UPLOAD_LIMITS.fileNameLength),
  title: bookTextSchema('Title').optional(),
  author: bookTextSchema('Author').optional(),
});

/** PATCH /api/books/{id}: at least one of the two. */
export const bookRenameSchema = z
  .object({ title: bookTextSchema('Title').optional(), author: bookTextSchema('Author').optional() })
  .refine((body) => body.title !== undefined || body.author !== undefined, 'Give a title or an author');
export type BookRename = z.input<typeof bookRenameSchema>;

/** The import's stages, in order (the job's `stage`). */
const importStageSchema = z.enum(['checking', 'extracting', 'graph', 'cover', 'saving']);
export type ImportStageName = z.infer<typeof importStageSchema>;

export const uploadSchema = z.object({
  /** The upload's job (GET /api/jobs/{id} gives the same state). */
  id: z.number().int().positive(),
  fileName: z.string(),
  title: z.string(),
  author: z.string(),
  /** Bytes of the PDF. */
  size: z.number().int().nonnegative(),
  state: jobStateSchema,
  stage: importStageSchema.nullable(),
  /** Pages extracted of pages in all, once extraction began. */
  progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().positive() }).nullable(),
  /** While extracting: seconds left at the pace so far; null before there is a pace, and after. */
  secondsLeft: z.number().int().nonnegative().nullable(),
  /** Why a failed upload failed, for people (the import's own message). */
  error: z.string().nullable(),
  /** A failure not in the file (the server stopped, a crash): trying again may pass. */
  retryable: z.boolean(),
  /** The book it became (done). */
  bookId: bookIdSchema.nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

export const uploadsResponseSchema = z.object({
  /** False when the deployment turned uploads off (UPLOADS=off): the Library offers no "Add a book". */
  enabled: z.boolean(),
  /** MAX_BOOK_MB: larger files are refused. */
  maxBookMb: z.number().positive(),
  uploads: z.array(uploadSchema),
});
export type UploadsResponse = z.infer<typeof uploadsResponseSchema>;

/** Messages of the uploads API and of renaming and removing a book. */
export const UploadErrorMessage = {
  disabled: 'Adding books is turned off on this server.',
  notPdf: 'This file is not a PDF.',
  tooLarge: (maxBookMb: number) => `The file is larger than ${maxBookMb} MB.`,
  tooManyBooks: (max: number) =>
    `You can keep at most ${max} books of your own. Remove one before adding another.`,
  tooManyUploads: (max: number) => `You can add at most ${max} books an hour. Try again later.`,
  invalidId: 'Invalid upload id',
  notFound: 'Upload not found',
  notRetryable: 'Only an upload that failed for a reason other than its file can be tried again.',
  notRemovable: 'This upload is being imported; it can be removed once it is a book.',
  notYours: 'Only books you added yourself can be renamed or removed.',
} as const;
