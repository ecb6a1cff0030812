import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createSpareImportProcess, SPARE_IDLE_MS } from '../src/features/imports/import-process.ts';
import { childProcesses } from './support/process.ts';

describe('the import process started ahead of its job', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('waits SPARE_IDLE_MS from the last upload to begin, one process for all of them', () => {
    const spare = createSpareImportProcess();
    const before = new Set(childProcesses());
    try {
      spare.warm();
      const started = childProcesses().filter((pid) => !before.has(pid));
      expect(started).toHaveLength(1);
      vi.advanceTimersByTime(SPARE_IDLE_MS - 1000);
      // Another upload begins near the end of the first's minute: the same process waits on.
      spare.warm();
      expect(childProcesses().filter((pid) => !before.has(pid))).toEqual(started);
      vi.advanceTimersByTime(SPARE_IDLE_MS - 1000);
      const child = spare.take();
      expect(child?.pid).toBe(started[0]);
      child?.kill('SIGKILL');
    } finally {
      spare.close();
    }
  });

  test('ends the process once SPARE_IDLE_MS pass with no upload begun', () => {
    const spare = createSpareImportProcess();
    try {
      spare.warm();
      vi.advanceTimersByTime(SPARE_IDLE_MS);
      expect(spare.take()).toBeUndefined();
    } finally {
      spare.close();
    }
  });
});
