import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { expect, test } from 'vitest';
import { BACKGROUND_NICE } from '../src/features/imports/background-priority.ts';

const background = new URL('../src/features/imports/background-priority.ts', import.meta.url).href;

test('an import thread lowers its own priority, and the threads it starts inherit it; the server thread keeps its own', async () => {
  const code = `
    import os from 'node:os';
    import { parentPort, Worker } from 'node:worker_threads';
    const { runAsBackground } = await import(${JSON.stringify(background)});
    runAsBackground();
    const child = new Worker("require('node:worker_threads').parentPort.postMessage(require('node:os').getPriority(0))", { eval: true });
    child.once('message', (childNice) => parentPort.postMessage({ own: os.getPriority(0), child: childNice }));
  `;
  const before = os.getPriority(0);
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
  const seen = await new Promise<{ own: number; child: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const lowered = Math.max(before, BACKGROUND_NICE);
  expect(seen).toEqual({ own: lowered, child: lowered });
  expect(os.getPriority(0)).toBe(before);
});
