import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Reads the repository's `.env` into process.env when there is one (variables already set win). */
export function loadDotEnv(): void {
  const file = fileURLToPath(new URL('../../../.env', import.meta.url));
  if (existsSync(file)) process.loadEnvFile(file);
}
