import { sql } from 'kysely';
import { hitOf, type HitRow, MARK_CLOSE, MARK_OPEN, searchBlocks } from './blocks.ts';
import { renewIndexVersion } from './index-version.ts';
import type { SearchIndex } from './search-engine.ts';

/**
 * Rowids per book in the FTS5 table search_block (migration 006-search): paragraph `ord` of book `id` is
 * row `id * 2^24 + ord`. A book's rows are then one rowid range, which FTS5 seeks to in each term's list
 * of rows instead of matching the whole library, and they come out in rowid order, which is reading
 * order, so the first hits need no sort. 2^24 paragraphs are far more than a 64 MB Book XML can hold, and
 * book ids up to 2^29 keep rowids exact in a JavaScript number.
 */
const ROWS_PER_BOOK = 2 ** 24;
const MAX_BOOK_ID = 2 ** 29;
/** Rows per INSERT: 500 rows of 7 columns stay far below SQLite's limit of bound variables. */
const BATCH_ROWS = 500;
/** Words of a snippet around the matches (FTS5 allows up to 64). */
const SNIPPET_WORDS = 16;

function rowsOf(bookId: number): { first: number; last: number } {
  if (!Number.isSafeInteger(bookId) || bookId <= 0 || bookId >= MAX_BOOK_ID) {
    throw new Error(`Book ${bookId} cannot be indexed for search: its id is out of range.`);
  }
  return { first: bookId * ROWS_PER_BOOK, last: (bookId + 1) * ROWS_PER_BOOK - 1 };
}

/** The book and the paragraph's place in reading order (graph_node.ord) of the FTS5 row `rowid`. */
export function placeOfRow(rowid: number): { bookId: number; ord: number } {
  return { bookId: Math.floor(rowid / ROWS_PER_BOOK), ord: rowid % ROWS_PER_BOOK };
}

/** The FTS5 table's own column (migration 006-search): `book_id * 2^24 + ord`. */
type FtsTables = {
  search_block: { rowid: number };
};

/** A term as an FTS5 string: always quoted, inner quotes doubled, so FTS5 reads it as words only. */
const ftsString = (term: string) => `"${term.replaceAll('"', '""')}"`;

interface SqliteHitRow extends HitRow {
  snippet: string;
}

/** The search index in SQLite FTS5 (tokenizer unicode61, remove_diacritics 2: case and accents fold). */
export const sqliteSearchIndex: SearchIndex = {
  async indexBook(db, bookId, book) {
    if (!db.isTransaction) {
      await db.transaction().execute((trx) => sqliteSearchIndex.indexBook(trx, bookId, book));
      return;
    }
    const { first, last } = rowsOf(bookId);
    const blocks = searchBlocks(book);
    if (blocks.length > ROWS_PER_BOOK) {
      throw new Error(
        `Book ${bookId} has ${blocks.length} paragraphs; search indexes at most ${ROWS_PER_BOOK}.`,
      );
    }
    const fts = db.withTables<FtsTables>();
    await fts.deleteFrom('search_block').where('rowid', '>=', first).where('rowid', '<=', last).execute();
    for (let start = 0; start < blocks.length; start += BATCH_ROWS) {
      const rows = blocks.slice(start, start + BATCH_ROWS).map((block, index) => ({
        rowid: first + start + index,
        text: block.text,
        paragraph_id: block.paragraphId,
        section_id: block.sectionId,
        section_title: block.sectionTitle,
        page: block.page,
        y_start: block.yStart,
      }));
      await fts.insertInto('search_block').values(rows).execute();
    }
    await renewIndexVersion(db, bookId);
  },

  async search(db, bookId, terms, limit) {
    if (terms.length === 0) return { hits: [], total: 0 };
    const { first, last } = rowsOf(bookId);
    // Terms side by side: FTS5 ANDs them.
    const match = terms.map(ftsString).join(' ');
    const { rows } = await sql<SqliteHitRow>`
      SELECT paragraph_id, section_id, section_title, page, y_start,
        snippet(search_block, 0, ${MARK_OPEN}, ${MARK_CLOSE}, '…', ${SNIPPET_WORDS}) AS snippet
      FROM search_block
      WHERE search_block MATCH ${match} AND rowid BETWEEN ${first} AND ${last}
      ORDER BY rowid
      LIMIT ${limit}`.execute(db);
    let total = rows.length;
    if (total === limit) {
      const counted = await sql<{ total: number }>`
        SELECT count(*) AS total FROM search_block
        WHERE search_block MATCH ${match} AND rowid BETWEEN ${first} AND ${last}`.execute(db);
      total = counted.rows[0]?.total ?? 0;
    }
    return {
      hits: rows.map((row) => hitOf(row, row.snippet)),
      total,
    };
  },
};
