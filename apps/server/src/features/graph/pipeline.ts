/** What the graph feature takes from the pipeline, in one place. */
export type { BookGraph, GraphEdge } from '@threadbook/pipeline';
export { explainRelationship } from '@threadbook/pipeline';
