import { describe, expect, it } from 'vitest';
import { lastStartXref } from './cross-reference.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('lastStartXref', () => {
  it('reads the offset after startxref at the end of the file', () => {
    expect(lastStartXref(bytes('...endobj\nstartxref\n5767233\n%%EOF\n'))).toBe(5767233);
  });

  it('takes the last one when the file was updated (an earlier section stays in the file)', () => {
    expect(lastStartXref(bytes('startxref\n100\n%%EOF\n...updates...\nstartxref\r\n2048\r\n%%EOF'))).toBe(
      2048,
    );
  });

  it('looks only in the last 1024 bytes, as pdf.js does', () => {
    const far = `startxref\n100\n%%EOF\n${' '.repeat(1100)}`;
    expect(lastStartXref(bytes(far))).toBeNull();
  });

  it.each(['no keyword here', 'startxref\n%%EOF', 'startxref x12'])('finds nothing in %j', (text) => {
    expect(lastStartXref(bytes(text))).toBeNull();
  });
});
