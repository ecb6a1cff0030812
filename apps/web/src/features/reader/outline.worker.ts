/// <reference lib="webworker" />
/**
 * Parses a book's XML into its outline off the main thread (a 1,000-page book's XML takes a few hundred
 * milliseconds to parse, which would hold up drawing the first page). Answers only what the table of
 * contents needs, or the parser's message.
 */
import { buildBookOutline } from '@threadbook/book';
import type { OutlineAnswer } from './parse-outline.ts';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<string>) => {
  let answer: OutlineAnswer;
  try {
    const { bookTitle, outline } = buildBookOutline(event.data);
    answer = { ok: true, bookTitle, outline };
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
};
