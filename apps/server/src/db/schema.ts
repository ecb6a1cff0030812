import type { JobKind } from '@threadbook/contracts';
import type { Generated } from 'kysely';

/** Where something sits on one page of a book: the box, as fractions of the page from its top left. */
interface PageBox {
  book_id: number;
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Tables the server reads. `user`, `session` and `account` belong to better-auth (it creates and migrates
 * them); only the columns we read are typed here. The rest are ours.
 */
export interface Database {
  user: {
    id: string;
    email: string;
    name: string;
    /** SQLite: 0 or 1; PostgreSQL: a boolean. */
    disabled: number | boolean | null;
    /** SQLite: text or epoch milliseconds; PostgreSQL: a timestamptz, read as a Date. */
    createdAt: IdentityTime;
  };
  session: {
    id: string;
    userId: string;
    expiresAt: IdentityTime;
    createdAt: IdentityTime;
  };
  account: {
    id: string;
    userId: string;
    providerId: string;
  };
  /** better-auth's one-time values; a reset link's is `reset-password:<token>`, its value the user's id. */
  verification: {
    identifier: string;
    value: string;
  };
  sign_in_failure: {
    key: string;
    count: number;
    window_started_at: number;
  };
  /** Our rate limits' counters (db/rate-limit-store.ts), one row per key and window. */
  rate_limit_counter: {
    key: string;
    count: number;
    window_started_at: number;
  };
  book: {
    id: Generated<number>;
    title: string;
    author: string;
    page_count: number;
    sha256: string;
    /** 'importing' while the files are moved into place, 'ready' once complete. */
    status: BookStatus;
    /** The file name the book was imported from (for messages and logs). */
    source_name: string;
    /** "host pid" of the importing process while status is 'importing'; null once ready. */
    import_owner: string | null;
    /** ISO 8601. */
    created_at: string;
    /** 'shared': every signed-in user sees it; 'private': only its owners (book_owner). */
    visibility: Generated<BookVisibility>;
  };
  /** Who added a private book, and the title and author they gave it (migration 010-own-books). */
  book_owner: {
    book_id: number;
    user_id: string;
    title: string | null;
    author: string | null;
    /** ISO 8601. */
    added_at: string;
  };
  /** A background job (migration 009-jobs, features/jobs/queue.ts); times in ms since the epoch. */
  job: {
    id: Generated<number>;
    kind: JobKind;
    /** The job's input, JSON. */
    payload: string;
    state: 'queued' | 'running' | 'done' | 'failed';
    stage: string | null;
    pages_done: number | null;
    pages_total: number | null;
    error: string | null;
    book_id: number | null;
    attempts: Generated<number>;
    lease_owner: string | null;
    lease_expires_at: number | null;
    previous_owner: string | null;
    /** The user who queued it (an upload); null for the operator's jobs. */
    owner_id: string | null;
    /** When it was last claimed (ms). */
    started_at: number | null;
    /** Why it failed: 'file' (final: in the PDF itself) or 'transient' (may pass when tried again). */
    error_kind: 'file' | 'transient' | null;
    created_at: number;
    updated_at: number;
  };
  setting: {
    key: string;
    value: string;
  };
  /** A book's stored relationship graph (migration 003-graph). */
  graph_book: {
    book_id: number;
    /** A new random value with every replacement. */
    version: string;
    /** ISO 8601. */
    built_at: string;
    /** What the stored graph holds (store.ts GRAPH_FORMAT); older graphs are built again. */
    format: Generated<number>;
  };
  /** A paragraph of a book's relationship graph (migration 003-graph). */
  graph_node: {
    book_id: number;
    paragraph_id: string;
    section_id: string;
    chapter_id: string;
    /** Position in the book's reading order, 0-based. */
    ord: number;
    page: number;
    y_start: number;
    text: string;
    /** Comma-separated paragraph ids. */
    explicit_refs: string;
    /** A caption's band of its page, with the figure or table it labels (migration 013-figure-bands). */
    figure_top: number | null;
    figure_bottom: number | null;
  };
  /** A directed edge source -> target; seen from the target its type is the inverse. */
  graph_edge: {
    book_id: number;
    source: string;
    target: string;
    /** graph_node.ord of each end. */
    source_ord: number;
    target_ord: number;
    type: string;
    justification: string;
    score: number;
    /** Comma-separated evidence kinds. */
    evidence: string;
  };
  /** Where a reference sits on its page (migration 005-reference-spans). */
  graph_reference_span: PageBox & {
    text: string;
    source: string;
    target: string;
    evidence: 'link' | 'text';
  };
  /** Where a defined term is used on its page (migration 016-term-spans). */
  graph_term_span: PageBox & {
    /** As its definition writes it. */
    term: string;
    source: string;
    /** The paragraph that defines the term for this use. */
    definition: string;
  };
  /** A cached relationship summary; `provider` is 'builtin' or 'llm:<model>'. */
  graph_summary: {
    book_id: number;
    source: string;
    target: string;
    type: string;
    provider: string;
    summary: string;
    /** ISO 8601. */
    created_at: string;
  };
  /**
   * The full-text index of the books' paragraphs (migration 006-search): the columns both engines have.
   * Each engine types its own beside them (features/search/sqlite-index.ts, postgres-index.ts).
   */
  search_block: {
    text: string;
    paragraph_id: string;
    section_id: string;
    section_title: string;
    page: number;
    y_start: number;
  };
  /** A book whose paragraphs are in the search index (migration 006-search). */
  search_book: {
    book_id: number;
    /** A new random value with every indexing of the book. */
    version: string;
  };
  /** A page a user bookmarked in a book (migration 004-bookmarks). */
  bookmark: {
    user_id: string;
    book_id: number;
    page: number;
    label: string | null;
    /** ISO 8601, when the page was first bookmarked. */
    created_at: string;
  };
  /** A user's reader preferences (migration 015-reader-preferences); 1 and 0 for true and false. */
  reader_preference: {
    user_id: string;
    page_colours: string;
    defined_terms: number;
    dark_page_suggested: number;
    /** ISO 8601. */
    updated_at: string;
  };
  /** A highlight, with or without a note, a user made in a book (migration 014-annotations). */
  annotation: {
    id: string;
    user_id: string;
    book_id: number;
    page: number;
    page_label: string | null;
    paragraph_id: string | null;
    quote_exact: string;
    quote_prefix: string;
    quote_suffix: string;
    position_start: number;
    position_end: number;
    /** The rectangles on the page, JSON (PageRect[]). */
    rects: string;
    colour: string;
    note: string | null;
    /** 1 while placed, 0 once a new import of the book lost its words. */
    placed: Generated<number>;
    /** ISO 8601. */
    created_at: string;
    updated_at: string;
  };
  /** The page a user last read in a book (migration 004-bookmarks). */
  reading_position: {
    user_id: string;
    book_id: number;
    page: number;
    /** ISO 8601. */
    updated_at: string;
  };
}

export type BookStatus = 'importing' | 'ready';
export type BookVisibility = 'shared' | 'private';

/** A time in better-auth's tables, as each database stores it (see `user.createdAt`). */
export type IdentityTime = string | number | Date;
