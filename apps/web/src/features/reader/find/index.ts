export { FindBar } from './FindBar.tsx';
export { FindHighlight } from './FindHighlight.tsx';
export { SearchResults } from './SearchResults.tsx';
export { useFind, type Find } from './use-find.ts';
