import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database.ts';
import { importBook, type ImportContext, type ImportResult } from './import-book.ts';

/** The setting that remembers the sample was imported once (its value is the book id). */
const SAMPLE_SETTING = 'sample_book_id';

interface SampleBookModule {
  buildSampleBook(outPath: string): Promise<{ pages: number; sha256: string }>;
}

/**
 * Whether the bundled sample textbook still has to be imported: it is imported once per installation, and
 * the database remembers it, so a library whose sample was later removed does not get it back.
 */
export async function samplePending(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('setting')
    .select('value')
    .where('key', '=', SAMPLE_SETTING)
    .executeTakeFirst();
  return row === undefined;
}

/** Builds the sample textbook PDF into DATA_DIR/samples/ and imports it (in the import worker). */
export async function importSampleBook(context: ImportContext): Promise<ImportResult> {
  const dir = path.join(context.dataDir, 'samples');
  mkdirSync(dir, { recursive: true });
  const pdfPath = path.join(dir, 'sample-textbook.pdf');
  // The generator lives outside the workspaces (samples/sample-book); it is loaded only when needed.
  const generator = new URL('../../../../../samples/sample-book/index.ts', import.meta.url);
  const { buildSampleBook } = (await import(generator.href)) as SampleBookModule;
  await buildSampleBook(pdfPath);
  // Remembered as the book is made ready, in its transaction: a server stopped just after (the import's
  // process ends with it) would otherwise import it again at its next start. And once more for a sample
  // found already in the library (the same PDF, imported before).
  const result = await importBook(context, { pdfPath }, rememberSample);
  await rememberSample(context.db, result.id);
  return result;
}

async function rememberSample(db: Db, id: number): Promise<void> {
  await db
    .insertInto('setting')
    .values({ key: SAMPLE_SETTING, value: String(id) })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(id) }))
    .execute();
}
