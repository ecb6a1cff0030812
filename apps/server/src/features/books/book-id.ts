import { ApiError } from '../../api-errors.ts';

/**
 * A whole number from 1 as a path writes it (a book id, a page): digits only, at most 15 of them, so always
 * a safe integer ('1.5', '-1', '0', '1e3' are not); undefined otherwise.
 */
export function positiveWholeNumber(raw: string): number | undefined {
  const value = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  return value > 0 ? value : undefined;
}

/** The book id of a path, as every route takes it: a 400 'Invalid book id' otherwise. */
export function bookIdOf(raw: string): number {
  const id = positiveWholeNumber(raw);
  if (id === undefined) throw new ApiError.InvalidBookId();
  return id;
}
