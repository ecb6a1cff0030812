import { describe, expect, it } from 'vitest';
import { totalFromContentRange } from './range-fetch.ts';

describe('totalFromContentRange', () => {
  it('reads the size of the whole file', () => {
    expect(totalFromContentRange('bytes 0-262143/1048576')).toBe(1048576);
  });

  it.each([null, '', 'bytes */1048576', 'bytes 0-10/*', 'items 0-10/20'])('rejects %j', (header) => {
    expect(totalFromContentRange(header)).toBeNull();
  });
});
