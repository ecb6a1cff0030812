import type { Kysely } from 'kysely';

/**
 * Every owner of a private book gets their own names for it (features/books/own-books.ts). Until now a
 * private book was stored under the names its first uploader typed, and an owner without names of their
 * own (book_owner.title null) saw the book's: another user's typed title. Each such owner now gets what
 * they typed when they added it (their upload job's payload), else, for the first owner, the book's names
 * (theirs), else the title of a book whose PDF names none. Nothing is dropped: a title they set stays.
 */

type Payload = { fileName?: string; title?: string; author?: string };

interface Tables {
  book: { id: number; title: string; author: string; visibility: string };
  book_owner: {
    book_id: number;
    user_id: string;
    title: string | null;
    author: string | null;
    added_at: string;
  };
  job: { id: number; kind: string; payload: string; owner_id: string | null; book_id: number | null };
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  const owners = await db
    .selectFrom('book_owner')
    .innerJoin('book', 'book.id', 'book_owner.book_id')
    .select([
      'book_owner.book_id',
      'book_owner.user_id',
      'book_owner.added_at',
      'book.title as book_title',
      'book.author as book_author',
    ])
    .where('book.visibility', '=', 'private')
    .where('book_owner.title', 'is', null)
    .orderBy('book_owner.book_id')
    .orderBy('book_owner.added_at')
    .execute();
  const firstOwner = new Map<number, string>();
  for (const row of await db
    .selectFrom('book_owner')
    .select(['book_id', 'user_id'])
    .orderBy('added_at')
    .execute()) {
    if (!firstOwner.has(row.book_id)) firstOwner.set(row.book_id, row.user_id);
  }
  for (const owner of owners) {
    const job = await db
      .selectFrom('job')
      .select('payload')
      .where('kind', '=', 'upload')
      .where('owner_id', '=', owner.user_id)
      .where('book_id', '=', owner.book_id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const typed = job ? (JSON.parse(job.payload) as Payload) : undefined;
    const names =
      typed !== undefined
        ? { title: typed.title ?? (typed.fileName ?? '').replace(/\.pdf$/i, ''), author: typed.author ?? '' }
        : firstOwner.get(owner.book_id) === owner.user_id
          ? { title: owner.book_title, author: owner.book_author }
          : { title: 'Untitled Book', author: '' };
    await db
      .updateTable('book_owner')
      .set({ title: names.title || 'Untitled Book', author: names.author })
      .where('book_id', '=', owner.book_id)
      .where('user_id', '=', owner.user_id)
      .where('title', 'is', null)
      .execute();
  }
}

export async function down(): Promise<void> {
  // The names given stay: they are what each owner sees either way.
}
