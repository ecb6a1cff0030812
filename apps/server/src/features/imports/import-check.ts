import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { BookXmlError, parseBookXml, type BookDocument } from '@threadbook/book';
import { ExtractError, inspectPdf, type PdfFacts } from '@threadbook/pipeline';
import type { Db } from '../../db/database.ts';
import { BookImportError, type BookStorage, cleanupIncompleteImports } from '../books/index.ts';
import { findBySha } from './import-store.ts';
import type { ImportContext, ImportInput, ImportResult } from './import-types.ts';

const MB = 1024 * 1024;
/** Book XML is read whole; the parser bounds it too. */
const MAX_XML_BYTES = 64 * MB;

/** A PDF that passed the checks, with what they learnt of it. */
export interface CheckedPdf {
  pdf: Uint8Array;
  pdfName: string;
  sha256: string;
  facts: PdfFacts;
  /** The Book XML given with it (validated), if any. */
  supplied: BookDocument | undefined;
}

/**
 * The import's first stage: the PDF's size, the Book XML given with it, whether the library has the same
 * PDF already (then that book is the answer), and the PDF itself (complete, not encrypted, with text).
 * Nothing is written.
 */
export async function checkImport(
  context: Pick<ImportContext, 'db' | 'storage' | 'maxBookMb'>,
  input: ImportInput,
): Promise<CheckedPdf | { existing: ImportResult }> {
  const pdfName = input.displayName ?? path.basename(input.pdfPath);
  await checkPdfSize(input.pdfPath, pdfName, context.maxBookMb);
  const supplied = input.xmlPath === undefined ? undefined : await readSuppliedXml(input.xmlPath);

  const pdf = new Uint8Array(await readFile(input.pdfPath));
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const existing = await importedAlready(context.db, context.storage, sha256, pdfName);
  if (existing) return { existing };

  const facts = await inspectPdf(pdf, pdfName).catch((error: unknown) => {
    throw error instanceof ExtractError ? new BookImportError(error.message, { cause: error }) : error;
  });
  if (supplied) {
    const beyond = supplied.chapters
      .flatMap((chapter) => chapter.sections.flatMap((section) => section.paragraphs))
      .find((paragraph) => paragraph.page > facts.pageCount);
    if (beyond) {
      throw new BookImportError(
        `${path.basename(input.xmlPath ?? '')}: paragraph ${beyond.id} is on page ${beyond.page}, but ${pdfName} has ${facts.pageCount} pages.`,
      );
    }
  }
  return { pdf, pdfName, sha256, facts, supplied };
}

/** "250 MB", "3.4 MB", "0.0095 MB": enough digits to tell a size from the limit. */
function formatMb(bytes: number): string {
  const mb = bytes / MB;
  return `${mb >= 10 ? Math.round(mb) : Number(mb.toPrecision(2))} MB`;
}

async function checkPdfSize(pdfPath: string, pdfName: string, maxBookMb: number): Promise<void> {
  let size: number;
  try {
    const info = await stat(pdfPath);
    if (!info.isFile()) throw new BookImportError(`${pdfPath} is not a file.`);
    size = info.size;
  } catch (error) {
    if (error instanceof BookImportError) throw error;
    throw new BookImportError(`${pdfPath}: no such file.`, { cause: error });
  }
  if (size > maxBookMb * MB) {
    throw new BookImportError(`${pdfName} is ${formatMb(size)}; the limit is ${maxBookMb} MB (MAX_BOOK_MB).`);
  }
}

async function readSuppliedXml(xmlPath: string): Promise<BookDocument> {
  const xmlName = path.basename(xmlPath);
  let xml: string;
  try {
    const info = await stat(xmlPath);
    if (info.size > MAX_XML_BYTES) {
      throw new BookImportError(`${xmlName} is ${formatMb(info.size)}; Book XML is limited to 64 MB.`);
    }
    xml = await readFile(xmlPath, 'utf8');
  } catch (error) {
    if (error instanceof BookImportError) throw error;
    throw new BookImportError(`${xmlPath}: no such file.`, { cause: error });
  }
  try {
    return parseBookXml(xml);
  } catch (error) {
    if (error instanceof BookXmlError) throw new BookImportError(`${xmlName}: ${error.message}`);
    throw error;
  }
}

/**
 * The book of the library with this SHA-256, as the import's answer; undefined when there is none. An
 * interrupted import of the same file is cleaned up; one still running is an error.
 */
async function importedAlready(
  db: Db,
  storage: BookStorage,
  sha256: string,
  pdfName: string,
): Promise<ImportResult | undefined> {
  const existing = await findBySha(db, sha256);
  if (!existing) return undefined;
  if (existing.status === 'ready') {
    return {
      id: existing.id,
      title: existing.title,
      author: existing.author,
      pageCount: existing.page_count,
      created: false,
    };
  }
  await cleanupIncompleteImports(db, storage);
  if (await findBySha(db, sha256)) {
    throw new BookImportError(`${pdfName} is being imported by another process right now.`);
  }
  return undefined;
}
