import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ImportJob } from './import-types.ts';

const sidecarSchema = z.object({
  title: z.string().optional(),
  author: z.string().optional(),
});

/**
 * The import jobs for LIBRARY_DIR: one per PDF at its top level, in name order, with a sidecar `name.xml`
 * (used as the Book XML) and/or `name.json` ({title, author}) when present. PDFs already in the library are
 * recognised by their SHA-256 when the job runs and skipped. `warn` hears about unreadable sidecars.
 */
export function libraryFolderJobs(libraryDir: string, warn: (message: string) => void): ImportJob[] {
  let entries: string[];
  try {
    entries = readdirSync(libraryDir);
  } catch (error) {
    warn(`LIBRARY_DIR ${libraryDir} cannot be read: ${(error as Error).message}`);
    return [];
  }
  const jobs: ImportJob[] = [];
  for (const entry of entries.sort()) {
    if (path.extname(entry).toLowerCase() !== '.pdf') continue;
    const pdfPath = path.join(libraryDir, entry);
    try {
      if (!statSync(pdfPath).isFile()) continue;
    } catch {
      continue;
    }
    const stem = path.join(libraryDir, path.parse(entry).name);
    const xmlPath = existsSync(`${stem}.xml`) ? `${stem}.xml` : undefined;
    let title: string | undefined;
    let author: string | undefined;
    if (existsSync(`${stem}.json`)) {
      try {
        ({ title, author } = sidecarSchema.parse(JSON.parse(readFileSync(`${stem}.json`, 'utf8'))));
      } catch (error) {
        const reason =
          error instanceof z.ZodError
            ? 'expected {"title": "...", "author": "..."}'
            : (error as Error).message;
        warn(`${path.basename(stem)}.json is ignored: ${reason}`);
      }
    }
    jobs.push({ kind: 'file', input: { pdfPath, xmlPath, title, author } });
  }
  return jobs;
}
