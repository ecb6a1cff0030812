/** What the graph feature takes from the pipeline, in one place. */
export type { BookGraph, EvidenceKind, GraphEdge } from '@threadbook/pipeline';
export { explainRelationship } from '@threadbook/pipeline';
