export { reanchorAnnotations } from './anchoring.ts';
