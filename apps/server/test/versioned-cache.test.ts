import { expect, test } from 'vitest';
import { createVersionedCache } from '../src/versioned-cache.ts';

test('a value is built once per version, shared by requests that arrive together, and rebuilt for a new version', async () => {
  const cache = createVersionedCache<string>(10);
  let builds = 0;
  const build = (value: string) => async () => `${value} #${++builds}`;
  const [a, b] = await Promise.all([
    cache.get('book', 'v1', 1, build('v1')),
    cache.get('book', 'v1', 1, build('v1')),
  ]);
  expect([a, b]).toEqual(['v1 #1', 'v1 #1']);
  expect(await cache.get('book', 'v1', 1, build('v1'))).toBe('v1 #1');
  expect(await cache.get('book', 'v2', 1, build('v2'))).toBe('v2 #2');
});

test('the least recently used values go first once their weights pass the budget', async () => {
  const cache = createVersionedCache<string>(10);
  let builds = 0;
  const get = (key: string, weight: number) => cache.get(key, 'v', weight, async () => `${key} #${++builds}`);
  await get('a', 4);
  await get('b', 4);
  await get('a', 4); // a is now the most recently used
  await get('c', 4); // 12 > 10: b goes
  expect(await get('a', 4)).toBe('a #1');
  expect(await get('b', 4)).toBe('b #4');
  // A value heavier than the budget is still served, and pushes out all the others.
  expect(await get('huge', 20)).toBe('huge #5');
  expect(await get('c', 4)).toBe('c #6');
});

test('a failed build is forgotten: the next request builds again', async () => {
  const cache = createVersionedCache<string>(10);
  await expect(
    cache.get('book', 'v1', 1, async () => Promise.reject(new Error('disk error'))),
  ).rejects.toThrow('disk error');
  expect(await cache.get('book', 'v1', 1, async () => 'read')).toBe('read');
});
