import { describe, expect, it } from 'vitest';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { createPageProxies } from './page-proxies.ts';

/** A document of `numPages` pages whose getPage answers when `answer` is called, recording what is asked. */
function slowDocument(numPages: number, failing?: number) {
  const asked: number[] = [];
  const pending: (() => void)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const pdf = {
    numPages,
    getPage(page: number) {
      asked.push(page);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      return new Promise<PDFPageProxy>((resolve, reject) => {
        pending.push(() => {
          inFlight -= 1;
          if (page === failing) reject(new Error(`page ${page} is broken`));
          else resolve({ pageNumber: page } as PDFPageProxy);
        });
      });
    },
  } as unknown as PDFDocumentProxy;
  const answer = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { pdf, asked, answer, mostInFlight: () => mostInFlight };
}

describe('page proxies asked ahead', () => {
  it('asks for every page once, one at a time, and hands out those that came', async () => {
    const book = slowDocument(3);
    const proxies = createPageProxies(book.pdf);
    expect(proxies.get(1)).toBeUndefined();
    proxies.fetchAll();
    proxies.fetchAll();
    expect(book.asked).toEqual([1]);
    await book.answer();
    expect(proxies.get(1)?.pageNumber).toBe(1);
    expect(proxies.get(2)).toBeUndefined();
    await book.answer();
    await book.answer();
    expect(book.asked).toEqual([1, 2, 3]);
    expect(book.mostInFlight()).toBe(1);
    expect(proxies.get(3)?.pageNumber).toBe(3);
  });

  it('asks for no more once stopped', async () => {
    const book = slowDocument(5);
    const proxies = createPageProxies(book.pdf);
    proxies.fetchAll();
    await book.answer();
    proxies.stop();
    await book.answer();
    expect(book.asked).toEqual([1, 2]);
  });

  it('passes over a page that cannot be loaded (its view reports it when shown)', async () => {
    const book = slowDocument(3, 2);
    const proxies = createPageProxies(book.pdf);
    proxies.fetchAll();
    for (let i = 0; i < 3; i++) await book.answer();
    expect(book.asked).toEqual([1, 2, 3]);
    expect(proxies.get(2)).toBeUndefined();
    expect(proxies.get(3)?.pageNumber).toBe(3);
  });
});
