import type { FastifyRequest } from 'fastify';
import { BookmarkErrorMessage } from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import type { Db } from '../../db/database.ts';
import type { BookAccess } from './access.ts';
import { bookIdOf } from './book-id.ts';
import { readyBooks } from './ready-books.ts';

/** One user's own things (bookmarks, position, highlights) in one book. */
export interface Shelf {
  userId: string;
  bookId: number;
}

/** The page count of the ready book with this id, or undefined when there is none. */
export async function readyBookPageCount(db: Db, bookId: number): Promise<number | undefined> {
  const book = await readyBooks(db).select('page_count').where('id', '=', bookId).executeTakeFirst();
  return book?.page_count;
}

/**
 * The signed-in user's shelf in the ready book of a path's id, taken as the books API takes it (400
 * 'Invalid book id', 404 'Book not found' unless ready and theirs to see), with `page`, when given,
 * checked against its page count (400).
 */
export function shelves(db: Db, access: BookAccess) {
  return async (request: FastifyRequest, rawId: string, page?: number): Promise<Shelf> => {
    const bookId = bookIdOf(rawId);
    await access.check(bookId, request.user.uid);
    const pageCount = await readyBookPageCount(db, bookId);
    if (pageCount === undefined) throw new ApiError.BookNotFound();
    if (page !== undefined && page > pageCount) {
      throw new ApiError.PageOutOfRange(BookmarkErrorMessage.pageOutOfRange(pageCount));
    }
    return { userId: request.user.uid, bookId };
  };
}
