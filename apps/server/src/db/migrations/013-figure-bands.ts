import type { Kysely } from 'kysely';

/**
 * Where each caption's figure or table is printed (figure_top, figure_bottom: a band of its page, as
 * fractions of the page height), so the Related panel can draw it: a caption alone is only a title. Graphs
 * stored before have none; their format (store.ts GRAPH_FORMAT) has them built again in the background.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('graph_node').addColumn('figure_top', 'double precision').execute();
  await db.schema.alterTable('graph_node').addColumn('figure_bottom', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('graph_node').dropColumn('figure_bottom').execute();
  await db.schema.alterTable('graph_node').dropColumn('figure_top').execute();
}
