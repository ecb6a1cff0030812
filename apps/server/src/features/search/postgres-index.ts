import { sql } from 'kysely';
import { hitOf, type HitRow, MARK_CLOSE, MARK_OPEN, searchBlocks } from './blocks.ts';
import { renewIndexVersion } from './index-version.ts';
import { wordsOf } from './query.ts';
import type { SearchIndex } from './search-engine.ts';

/** The PostgreSQL table's own columns (migration 006-search): the paragraph's place, its words. */
type PostgresTables = {
  search_block: {
    book_id: number;
    /** graph_node.ord: the paragraph's place in reading order. */
    ord: number;
    /** A tsvector, written by to_tsvector and never read back. */
    words: string;
  };
};

/**
 * The text search configuration of migration 006-search: unaccent, then lower case; no stemming, no
 * stop words. It reads words split as FTS5 does (query.ts wordsOf), one word between two spaces.
 */
const CONFIG = sql`'threadbook_search'::regconfig`;
/** Rows per INSERT: 500 rows of 9 columns stay far below PostgreSQL's 65535 bound variables. */
const BATCH_ROWS = 500;
/**
 * ts_headline's options: the matches marked as blocks.ts wants, and 15 or 16 words, about the 16 tokens
 * of an FTS5 snippet; ShortWord=0 keeps short words at the ends.
 */
const HEADLINE_OPTIONS = `StartSel=${MARK_OPEN}, StopSel=${MARK_CLOSE}, MinWords=15, MaxWords=16, ShortWord=0`;
/** What an FTS5 snippet shows where it leaves text out. */
const ELLIPSIS = '…';

/** A paragraph's words as the index holds them: a tsvector of the words FTS5 would see. */
export const paragraphWords = (text: string) =>
  sql<string>`to_tsvector(${CONFIG}, ${wordsOf(text).join(' ')})`;

/** A term as a tsquery: its words side by side, so a quoted phrase matches as a phrase. */
const termQuery = (term: string) => sql`phraseto_tsquery(${CONFIG}, ${wordsOf(term).join(' ')})`;

interface PostgresHitRow extends HitRow {
  text: string;
  headline: string;
}

/**
 * The headline with '…' where it leaves text out, as FTS5's snippets have. ts_headline returns a piece
 * of the paragraph as it is written, the whole of it when it is short.
 */
function withEllipses(text: string, headline: string): string {
  const plain = headline.replaceAll(MARK_OPEN, '').replaceAll(MARK_CLOSE, '');
  const at = text.indexOf(plain);
  if (at < 0) return headline;
  const before = text.slice(0, at).trim() ? ELLIPSIS : '';
  const after = text.slice(at + plain.length).trim() ? ELLIPSIS : '';
  return `${before}${headline}${after}`;
}

/**
 * The search index in PostgreSQL: each paragraph's words as a tsvector under a GIN index, with what a hit
 * shows beside it. A book's rows are keyed by (book_id, ord) and go with the book by foreign key.
 */
export const postgresSearchIndex: SearchIndex = {
  async indexBook(db, bookId, book) {
    if (!db.isTransaction) {
      await db.transaction().execute((trx) => postgresSearchIndex.indexBook(trx, bookId, book));
      return;
    }
    const blocks = searchBlocks(book);
    const table = db.withTables<PostgresTables>();
    await table.deleteFrom('search_block').where('book_id', '=', bookId).execute();
    for (let start = 0; start < blocks.length; start += BATCH_ROWS) {
      const rows = blocks.slice(start, start + BATCH_ROWS).map((block, index) => ({
        book_id: bookId,
        ord: start + index,
        text: block.text,
        paragraph_id: block.paragraphId,
        section_id: block.sectionId,
        section_title: block.sectionTitle,
        page: block.page,
        y_start: block.yStart,
        words: paragraphWords(block.text),
      }));
      await table.insertInto('search_block').values(rows).execute();
    }
    await renewIndexVersion(db, bookId);
  },

  async search(db, bookId, terms, limit) {
    if (terms.length === 0) return { hits: [], total: 0 };
    // Every term's query: a paragraph matches when it has them all.
    const query = sql`(${sql.join(terms.map(termQuery), sql` && `)})`;
    const { rows } = await sql<PostgresHitRow>`
      SELECT paragraph_id, section_id, section_title, page, y_start, text,
        ts_headline(${CONFIG}, text, ${query}, ${HEADLINE_OPTIONS}) AS headline
      FROM search_block
      WHERE book_id = ${bookId} AND words @@ ${query}
      ORDER BY ord
      LIMIT ${limit}`.execute(db);
    let total = rows.length;
    if (total === limit) {
      const counted = await sql<{ total: number }>`
        SELECT count(*) AS total FROM search_block WHERE book_id = ${bookId} AND words @@ ${query}`.execute(
        db,
      );
      total = counted.rows[0]?.total ?? 0;
    }
    return {
      hits: rows.map((row) => hitOf(row, withEllipses(row.text, row.headline))),
      total,
    };
  },
};
