import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { BookErrorMessage, BookmarkErrorMessage, GraphErrorMessage } from '@threadbook/contracts';
import { ApiError } from '../src/api-errors.ts';
import { errorHandler } from '../src/error-handler.ts';
import { bookIdOf } from '../src/features/books/book-id.ts';
import { positiveWholeNumber } from '../src/path-number.ts';

/** What the shared handler answers when a route throws `error`. */
async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.get('/', async () => {
    throw error;
  });
  const response = await app.inject('/');
  await app.close();
  return { status: response.statusCode, body: response.json() as unknown };
}

test('a catalogue error answers its status, the status text and its message, as the API always has', async () => {
  expect(await answerTo(new ApiError.BookNotFound())).toEqual({
    status: 404,
    body: { statusCode: 404, error: 'Not Found', message: BookErrorMessage.notFound },
  });
  expect(await answerTo(new ApiError.InvalidBookId())).toEqual({
    status: 400,
    body: { statusCode: 400, error: 'Bad Request', message: BookErrorMessage.invalidId },
  });
  expect(await answerTo(new ApiError.PageOutOfRange(BookmarkErrorMessage.pageOutOfRange(12)))).toEqual({
    status: 400,
    body: { statusCode: 400, error: 'Bad Request', message: 'page: must be a whole number from 1 to 12' },
  });
  expect(await answerTo(new ApiError.TooManySummaries())).toEqual({
    status: 429,
    body: { statusCode: 429, error: 'Too Many Requests', message: GraphErrorMessage.tooManySummaries },
  });
  // A 502 is an answer too, not a fault hidden behind 'Something went wrong'.
  expect(await answerTo(new ApiError.ExplanationFailed('The explanation service failed: 503'))).toEqual({
    status: 502,
    body: { statusCode: 502, error: 'Bad Gateway', message: 'The explanation service failed: 503' },
  });
});

test('each catalogue error has a code of its own; errors outside it are answered as before', async () => {
  const codes = Object.values(ApiError).map((Constructor) => new Constructor('x').code);
  expect(new Set(codes).size).toBe(codes.length);
  expect(await answerTo(new Error('secret detail'))).toEqual({
    status: 500,
    body: { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' },
  });
  const teapot = Object.assign(new Error('short and stout'), { statusCode: 418, code: 'TEAPOT' });
  expect((await answerTo(teapot)).body).toEqual({
    statusCode: 418,
    error: 'Error',
    message: 'short and stout',
    code: 'TEAPOT',
  });
});

test('a book id or page is a whole number from 1, digits only and at most 15 of them', () => {
  expect(positiveWholeNumber('1')).toBe(1);
  expect(positiveWholeNumber('0042')).toBe(42);
  expect(positiveWholeNumber('999999999999999')).toBe(999999999999999);
  for (const raw of ['0', '', '-1', '1.5', '1e3', ' 1', '0x1', '9999999999999999', 'abc']) {
    expect(positiveWholeNumber(raw), raw).toBeUndefined();
  }
  expect(bookIdOf('7')).toBe(7);
  expect(() => bookIdOf('7a')).toThrow(ApiError.InvalidBookId);
});
