import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Files of a deleted account's own books and uploads, to remove once its rows are gone (storage.ts). */
export interface UserFiles {
  /** Books only this user owned, whose rows went. */
  books: number[];
  /** The user's uploads that were not books yet (file names in the uploads folder). */
  uploads: string[];
}

/**
 * Removes what a user kept when the account goes: bookmarks, reading positions, highlights and notes,
 * reader preferences, their ownership of
 * books, the private books no one else owns (with their graph and index, by cascade) and the uploads
 * still queued, running or failed. Answers the files to remove after the transaction. Not a foreign key to
 * the identity `user` table: our migrations also run where better-auth has not created that table yet
 * (the import and users commands on a fresh DATA_DIR), and SQLite then fails every delete that cascades.
 */
export async function deleteUserData(db: Kysely<Database>, userId: string): Promise<UserFiles> {
  await db.deleteFrom('bookmark').where('user_id', '=', userId).execute();
  await db.deleteFrom('reading_position').where('user_id', '=', userId).execute();
  await db.deleteFrom('annotation').where('user_id', '=', userId).execute();
  await db.deleteFrom('reader_preference').where('user_id', '=', userId).execute();
  const owned = await db.selectFrom('book_owner').select('book_id').where('user_id', '=', userId).execute();
  await db.deleteFrom('book_owner').where('user_id', '=', userId).execute();
  const books: number[] = [];
  for (const { book_id: bookId } of owned) {
    const orphan = await db
      .deleteFrom('book')
      .where('id', '=', bookId)
      .where('visibility', '=', 'private')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('book_owner').select('user_id').where('book_id', '=', bookId))),
      )
      .executeTakeFirst();
    if (orphan.numDeletedRows > 0n) books.push(bookId);
  }
  const jobs = await db
    .deleteFrom('job')
    .where('owner_id', '=', userId)
    .where('kind', '=', 'upload')
    .returning(['payload', 'state'])
    .execute();
  const uploads = jobs
    .filter((job) => job.state !== 'done')
    .map((job) => (JSON.parse(job.payload) as { upload: string }).upload);
  return { books, uploads };
}

/** Whether the identity tables hold user `userId` (an account not deleted). */
export async function userExists(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
