import { ApiError } from '../../api-errors.ts';
import { positiveWholeNumber } from '../../path-number.ts';

/** The book id of a path, as every route takes it: a 400 'Invalid book id' otherwise. */
export function bookIdOf(raw: string): number {
  const id = positiveWholeNumber(raw);
  if (id === undefined) throw new ApiError.InvalidBookId();
  return id;
}
