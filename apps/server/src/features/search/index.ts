export { searchIndex } from './search-index.ts';
