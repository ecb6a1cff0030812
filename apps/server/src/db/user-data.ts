import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Removes what a user kept (bookmarks, reading positions) when the account goes. Not a foreign key to
 * the identity `user` table: our migrations also run where better-auth has not created that table yet
 * (the import and users commands on a fresh DATA_DIR), and SQLite then fails every delete that cascades.
 */
export async function deleteUserData(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('bookmark').where('user_id', '=', userId).execute();
  await db.deleteFrom('reading_position').where('user_id', '=', userId).execute();
}
