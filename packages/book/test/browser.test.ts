import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The reader parses Book XML in the browser, so src/ must use nothing Node-only.
const SRC = join(import.meta.dirname, '..', 'src');
const NODE_ONLY = [
  /from\s+['"]node:/,
  /import\(\s*['"]node:/,
  /from\s+['"](fs|path|os|crypto|stream|buffer|util|url|child_process|worker_threads)['"]/,
  /\brequire\(/,
  /\bBuffer\b/,
  /\bprocess\./,
  /\b__dirname\b/,
  /\bimport\.meta\.dirname\b/,
];

describe('browser safety', () => {
  const files = readdirSync(SRC).filter((name) => name.endsWith('.ts'));

  it('finds the sources', () => {
    expect(files).toContain('index.ts');
  });

  for (const file of files) {
    it(`${file} uses no Node-only module or global`, () => {
      const text = readFileSync(join(SRC, file), 'utf8');
      for (const pattern of NODE_ONLY) expect(text, `${file} matches ${pattern}`).not.toMatch(pattern);
    });
  }

  it('imports only its own files and fast-xml-parser (which runs in browsers)', () => {
    for (const file of files) {
      const imports = [...readFileSync(join(SRC, file), 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)];
      for (const [, specifier] of imports) {
        expect(specifier, file).toMatch(/^(?:\.\/[\w-]+\.ts|fast-xml-parser)$/);
      }
    }
  });
});
