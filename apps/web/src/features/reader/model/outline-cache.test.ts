import { buildBookOutline } from '@threadbook/book';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTLINE_CACHE_TTL_MS, createOutlineCache, outlineCacheKey } from './outline-cache.ts';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 1);

const outline = buildBookOutline(`
  <book title="Abstract Algebra" author="T. Judson">
    <chapter id="1" title="Preliminaries">
      <section id="1.1" title="A Short Note on Proofs">
        <paragraph id="1.1.1" page="9" y_start="0.2">Proofs.</paragraph>
      </section>
      <section id="1.2"><paragraph id="1.2.1">No page.</paragraph></section>
    </chapter>
    <chapter id="2"/>
  </book>`);

/** A cache whose clock the test sets. */
function cacheAt(start: number) {
  const clock = { time: start };
  return { cache: createOutlineCache({ storage: localStorage, now: () => clock.time }), clock };
}

beforeEach(() => {
  localStorage.clear();
});

describe('outline cache key', () => {
  it('is one key per book', () => {
    expect(outlineCacheKey('12')).toBe('threadbook:outline:12');
    expect(outlineCacheKey(12)).toBe('threadbook:outline:12');
    expect(outlineCacheKey(3)).not.toBe(outlineCacheKey(4));
  });

  it.each(['', 'abc', '1.5', '-3', '12:x', ' 12'])('rejects the book id %j', (id) => {
    expect(() => outlineCacheKey(id)).toThrow(`A book id must be a number, got '${id}'`);
  });
});

describe('outline cache', () => {
  it('stores the title and outline with the time of writing, not the paragraphs', () => {
    const { cache } = cacheAt(T0);
    cache.write('7', outline);
    const stored = JSON.parse(localStorage.getItem('threadbook:outline:7')!);
    expect(stored).toEqual({ bookTitle: 'Abstract Algebra', outline: outline.outline, timestamp: T0 });
    expect(stored).not.toHaveProperty('paragraphs');
  });

  it('reads back what it wrote, page numbers and nulls included', () => {
    const { cache } = cacheAt(T0);
    cache.write(7, outline);
    const read = cache.read('7');
    expect(read).toEqual({ bookTitle: 'Abstract Algebra', outline: outline.outline, timestamp: T0 });
    expect(read?.outline[0]?.children[1]?.pageNumber).toBeNull();
    expect(read?.outline[1]?.title).toBe('Untitled Chapter');
  });

  it('reads nothing for a book it has not cached, and keeps books apart', () => {
    const { cache } = cacheAt(T0);
    expect(cache.read(7)).toBeNull();
    cache.write(7, outline);
    expect(cache.read(8)).toBeNull();
    cache.write(8, { bookTitle: 'Other', outline: [] });
    expect(cache.read(7)?.bookTitle).toBe('Abstract Algebra');
    expect(cache.read(8)?.bookTitle).toBe('Other');
  });

  it('is valid for 7 days, then removed', () => {
    expect(OUTLINE_CACHE_TTL_MS).toBe(7 * DAY);
    const { cache, clock } = cacheAt(T0);
    cache.write(7, outline);
    clock.time = T0 + 7 * DAY - 1;
    expect(cache.read(7)?.timestamp).toBe(T0);
    clock.time = T0 + 7 * DAY;
    expect(cache.read(7)).toBeNull();
    expect(localStorage.getItem(outlineCacheKey(7))).toBeNull();
  });

  it('restarts the 7 days when the outline is written again', () => {
    const { cache, clock } = cacheAt(T0);
    cache.write(7, outline);
    clock.time = T0 + 6 * DAY;
    cache.write(7, outline);
    clock.time = T0 + 12 * DAY;
    expect(cache.read(7)?.timestamp).toBe(T0 + 6 * DAY);
  });

  it('removes an entry stamped in the future, whose age cannot be trusted', () => {
    const { cache, clock } = cacheAt(T0 + DAY);
    cache.write(7, outline);
    clock.time = T0;
    expect(cache.read(7)).toBeNull();
    expect(localStorage.getItem(outlineCacheKey(7))).toBeNull();
  });

  const chapter = { id: '1', title: 'One', level: 1, pageNumber: 3, children: [] };
  const section = { id: '1.1', title: 'S', level: 2, pageNumber: 3 };
  it.each([
    ['text that is not JSON', '{"bookTitle":'],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['a missing timestamp', JSON.stringify({ bookTitle: 'B', outline: [] })],
    ['a timestamp that is text', JSON.stringify({ bookTitle: 'B', outline: [], timestamp: String(T0) })],
    ['a missing title', JSON.stringify({ outline: [], timestamp: T0 })],
    ['an outline that is not a list', JSON.stringify({ bookTitle: 'B', outline: {}, timestamp: T0 })],
    [
      'a chapter of the wrong level',
      JSON.stringify({ bookTitle: 'B', outline: [{ ...chapter, level: 2 }], timestamp: T0 }),
    ],
    [
      'a chapter without children',
      JSON.stringify({ bookTitle: 'B', outline: [{ ...chapter, children: undefined }], timestamp: T0 }),
    ],
    [
      'a chapter page of 0',
      JSON.stringify({ bookTitle: 'B', outline: [{ ...chapter, pageNumber: 0 }], timestamp: T0 }),
    ],
    [
      'a chapter page that is text',
      JSON.stringify({ bookTitle: 'B', outline: [{ ...chapter, pageNumber: '3' }], timestamp: T0 }),
    ],
    [
      'a section without a title',
      JSON.stringify({
        bookTitle: 'B',
        outline: [{ ...chapter, children: [{ ...section, title: undefined }] }],
        timestamp: T0,
      }),
    ],
    [
      'a section of the wrong level',
      JSON.stringify({
        bookTitle: 'B',
        outline: [{ ...chapter, children: [{ ...section, level: 1 }] }],
        timestamp: T0,
      }),
    ],
    [
      'a section that is null',
      JSON.stringify({ bookTitle: 'B', outline: [{ ...chapter, children: [null] }], timestamp: T0 }),
    ],
  ])('ignores and removes a corrupt entry: %s', (_name, raw) => {
    localStorage.setItem(outlineCacheKey(7), raw);
    const { cache } = cacheAt(T0 + 1);
    expect(cache.read(7)).toBeNull();
    expect(localStorage.getItem(outlineCacheKey(7))).toBeNull();
  });

  it('accepts a well-formed entry written by hand (the shape is checked, not the writer)', () => {
    const entry = { bookTitle: 'B', outline: [{ ...chapter, children: [section] }], timestamp: T0 };
    localStorage.setItem(outlineCacheKey(7), JSON.stringify(entry));
    expect(cacheAt(T0 + 1).cache.read(7)).toEqual(entry);
  });

  it('swallows a full storage: the write is lost, nothing throws, other entries stay', () => {
    const { cache } = cacheAt(T0);
    cache.write(7, { bookTitle: 'Small', outline: [] });
    // jsdom's local storage has a real quota of 5,000,000 code units; leave 1,000 of them free.
    localStorage.setItem(
      'filler',
      'x'.repeat(4_999_000 - 'filler'.length - localStorage.getItem(outlineCacheKey(7))!.length),
    );
    const huge = { bookTitle: 'x'.repeat(2_000), outline: outline.outline };
    expect(() => localStorage.setItem('probe', JSON.stringify(huge))).toThrow(/quota/);
    expect(() => cache.write(8, huge)).not.toThrow();
    expect(cache.read(8)).toBeNull();
    expect(cache.read(7)?.bookTitle).toBe('Small');
  });

  it('reads nothing, without throwing, from storage that fails to read (a corrupted browser profile)', () => {
    const failing = {
      getItem() {
        throw new DOMException('Storage file is corrupted', 'UnknownError');
      },
    } as unknown as Storage;
    expect(createOutlineCache({ storage: failing, now: () => T0 }).read(7)).toBeNull();
  });

  it('works without storage: nothing is cached and nothing throws', () => {
    const cache = createOutlineCache({ storage: null, now: () => T0 });
    expect(() => cache.write(7, outline)).not.toThrow();
    expect(cache.read(7)).toBeNull();
  });

  it('uses local storage and the real clock by default', () => {
    const cache = createOutlineCache();
    const before = Date.now();
    cache.write(7, outline);
    expect(localStorage.getItem(outlineCacheKey(7))).not.toBeNull();
    expect(cache.read(7)?.timestamp).toBeGreaterThanOrEqual(before);
  });

  it('works without storage when the browser denies access to local storage', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')!;
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      const cache = createOutlineCache({ now: () => T0 });
      expect(() => cache.write(7, outline)).not.toThrow();
      expect(cache.read(7)).toBeNull();
    } finally {
      Object.defineProperty(globalThis, 'localStorage', original);
    }
  });
});
