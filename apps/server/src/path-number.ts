/**
 * A whole number from 1 as a path writes it (a book id, a page, a job id): digits only, at most 15 of
 * them, so always a safe integer ('1.5', '-1', '0', '1e3' are not); undefined otherwise.
 */
export function positiveWholeNumber(raw: string): number | undefined {
  const value = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  return value > 0 ? value : undefined;
}
