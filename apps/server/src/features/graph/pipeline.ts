/** What the graph feature takes from the pipeline, in one place. */
export type { BookGraph, EvidenceKind, GraphEdge, RelationshipType } from '@threadbook/pipeline';
export { explainRelationship, inverseType } from '@threadbook/pipeline';
