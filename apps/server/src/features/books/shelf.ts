import type { FastifyRequest } from 'fastify';
import { BookmarkErrorMessage } from '@threadbook/contracts';
import { ApiError } from '../../api-errors.ts';
import type { BookAccess } from './access.ts';
import { bookIdOf } from './book-id.ts';

/** One user's own things (bookmarks, position, highlights) in one book. */
export interface Shelf {
  userId: string;
  bookId: number;
  /** The book's pages. */
  pageCount: number;
}

/**
 * The signed-in user's shelf in the ready book of a path's id, taken as the books API takes it (400
 * 'Invalid book id', 404 'Book not found' unless ready and theirs to see), with `page`, when given,
 * checked against its page count (400).
 */
export function shelves(access: BookAccess) {
  return async (request: FastifyRequest, rawId: string, page?: number): Promise<Shelf> => {
    const bookId = bookIdOf(rawId);
    const { pageCount } = await access.book(bookId, request.user.uid);
    if (page !== undefined && page > pageCount) {
      throw new ApiError.PageOutOfRange(BookmarkErrorMessage.pageOutOfRange(pageCount));
    }
    return { userId: request.user.uid, bookId, pageCount };
  };
}
