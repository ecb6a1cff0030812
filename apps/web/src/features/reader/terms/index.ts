export { PageTermSpans } from './PageTermSpans.tsx';
export { useTermStore } from './use-term-store.ts';
