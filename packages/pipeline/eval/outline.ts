import fs from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { normalizeText } from './text.ts';

/**
 * Normalised heading title: leading numbers ("3.2", "A.1", "Chapter 3") removed, then normalizeText
 * (lower case, letters and digits only, whitespace collapsed).
 */
export function normalizeTitle(title: string): string {
  return normalizeText(
    title.replace(/^\s*(?:(?:chapter|section|appendix)\s+)?(?:\d+(?:\.\d+)*|[A-Z](?:\.\d+)+)\.?\s+/i, ''),
  );
}

/**
 * Key of the `occurrence`-th (1-based) outline entry with a normalised title: the title itself for the
 * first, `title#k` for the k-th. Books repeat titles ("Definitions and Examples" is 3.2 and 20.1; a chapter
 * "Rings" holds a section "Rings"), so later occurrences get their own keys.
 */
export function outlineKey(normalisedTitle: string, occurrence: number): string {
  return occurrence <= 1 ? normalisedTitle : `${normalisedTitle}#${occurrence}`;
}

/**
 * The first page (1-based) of every outline (bookmark) entry of a PDF, keyed by normalised title
 * (see normalizeTitle and outlineKey), in outline order (depth first). Entries whose destination cannot
 * be resolved are left out.
 */
export async function readOutlineSectionPages(pdfPath: string): Promise<Map<string, number>> {
  const task = getDocument({
    data: new Uint8Array(fs.readFileSync(pdfPath)),

    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const pages = new Map<string, number>();
    const seen = new Map<string, number>();
    type Item = { title: string; dest: string | unknown[] | null; items: Item[] };
    const visit = async (items: Item[]) => {
      for (const item of items) {
        const page = await destinationPage(item.dest);
        const title = normalizeTitle(item.title);
        const n = (seen.get(title) ?? 0) + 1;
        seen.set(title, n);
        if (page !== undefined && title) pages.set(outlineKey(title, n), page);
        await visit(item.items);
      }
    };
    const destinationPage = async (dest: Item['dest']): Promise<number | undefined> => {
      try {
        const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
        const ref = explicit?.[0];
        if (ref === undefined || ref === null) return undefined;
        if (typeof ref === 'number') return ref + 1;
        return (await pdf.getPageIndex(ref as Parameters<typeof pdf.getPageIndex>[0])) + 1;
      } catch {
        return undefined;
      }
    };
    await visit(((await pdf.getOutline()) ?? []) as Item[]);
    return pages;
  } finally {
    await task.destroy();
  }
}
