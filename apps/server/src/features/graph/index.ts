export { GRAPH_FORMAT, replaceBookGraph } from './store.ts';
