import type { Db } from '../../db/database.ts';

/**
 * The books the API and the commands know: the imported ones ('ready'). A book still importing, or left
 * half-imported by a kill, does not exist yet. Join and select on it with the table's name ('book.id').
 */
export function readyBooks(db: Db) {
  return db.selectFrom('book').where('book.status', '=', 'ready');
}
