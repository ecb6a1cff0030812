import { sql, type Kysely } from 'kysely';

/**
 * The relationship graph of each book (docs/design.md "Relationship graph"): which books have one (and its
 * version), its paragraphs as nodes, its directed edges, and the cache of relationship summaries. Everything hangs off the book and off the
 * nodes with ON DELETE CASCADE (foreign keys are on, see database.ts), so deleting a book or a node
 * leaves no stray edge or summary; a re-import still deletes explicitly (features/graph/store.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('graph_book')
    .addColumn('book_id', 'integer', (col) => col.primaryKey().references('book.id').onDelete('cascade'))
    /** New with every stored graph: servers holding a graph in memory see that it was replaced. */
    .addColumn('version', 'varchar(64)', (col) => col.notNull())
    .addColumn('built_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('graph_node')
    .addColumn('book_id', 'integer', (col) => col.notNull().references('book.id').onDelete('cascade'))
    .addColumn('paragraph_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('section_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('chapter_id', 'varchar(100)', (col) => col.notNull())
    /** Position in the book's reading order, 0-based. */
    .addColumn('ord', 'integer', (col) => col.notNull())
    .addColumn('page', 'integer', (col) => col.notNull())
    .addColumn('y_start', 'double precision', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    /** Comma-separated paragraph ids, as the Book XML's explicit_refs. */
    .addColumn('explicit_refs', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_node_pk', ['book_id', 'paragraph_id'])
    .execute();
  // Reading order (the whole graph, ranking ties) and the graph API's chapter and section filters.
  await db.schema
    .createIndex('graph_node_ord_idx')
    .unique()
    .on('graph_node')
    .columns(['book_id', 'ord'])
    .execute();
  await db.schema
    .createIndex('graph_node_chapter_idx')
    .on('graph_node')
    .columns(['book_id', 'chapter_id'])
    .execute();
  await db.schema
    .createIndex('graph_node_section_idx')
    .on('graph_node')
    .columns(['book_id', 'section_id'])
    .execute();

  await db.schema
    .createTable('graph_edge')
    .addColumn('book_id', 'integer', (col) => col.notNull())
    .addColumn('source', 'varchar(100)', (col) => col.notNull())
    .addColumn('target', 'varchar(100)', (col) => col.notNull())
    /**
     * The ends' places in reading order (graph_node.ord), kept here so that walking the edges, which
     * ranks ties in book order, needs no join with the nodes.
     */
    .addColumn('source_ord', 'integer', (col) => col.notNull())
    .addColumn('target_ord', 'integer', (col) => col.notNull())
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('justification', 'text', (col) => col.notNull())
    .addColumn('score', 'double precision', (col) => col.notNull())
    /** Comma-separated evidence kinds: explicit, semantic, discourse. */
    .addColumn('evidence', 'text', (col) => col.notNull())
    .addForeignKeyConstraint(
      'graph_edge_source_fk',
      ['book_id', 'source'],
      'graph_node',
      ['book_id', 'paragraph_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'graph_edge_target_fk',
      ['book_id', 'target'],
      'graph_node',
      ['book_id', 'paragraph_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addCheckConstraint(
      'graph_edge_type_check',
      sql`type in ('BACKGROUND', 'ELABORATION', 'EXAMPLE', 'CONTRAST', 'RELATED')`,
    )
    .addCheckConstraint('graph_edge_score_check', sql`score >= 0 and score <= 1`)
    .addCheckConstraint('graph_edge_loop_check', sql`source <> target`)
    .execute();
  // An edge is walked from either end (related paragraphs), so both ends are indexed.
  await db.schema
    .createIndex('graph_edge_source_idx')
    .on('graph_edge')
    .columns(['book_id', 'source'])
    .execute();
  await db.schema
    .createIndex('graph_edge_target_idx')
    .on('graph_edge')
    .columns(['book_id', 'target'])
    .execute();

  await db.schema
    .createTable('graph_summary')
    .addColumn('book_id', 'integer', (col) => col.notNull())
    .addColumn('source', 'varchar(100)', (col) => col.notNull())
    .addColumn('target', 'varchar(100)', (col) => col.notNull())
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    /** 'builtin' (the offline explainer) or 'llm:<model>'. */
    .addColumn('provider', 'varchar(300)', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('graph_summary_pk', ['book_id', 'source', 'target', 'type', 'provider'])
    .addForeignKeyConstraint(
      'graph_summary_source_fk',
      ['book_id', 'source'],
      'graph_node',
      ['book_id', 'paragraph_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'graph_summary_target_fk',
      ['book_id', 'target'],
      'graph_node',
      ['book_id', 'paragraph_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('graph_summary_target_idx')
    .on('graph_summary')
    .columns(['book_id', 'target'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('graph_summary').execute();
  await db.schema.dropTable('graph_edge').execute();
  await db.schema.dropTable('graph_node').execute();
  await db.schema.dropTable('graph_book').execute();
}
