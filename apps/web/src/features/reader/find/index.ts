export { useFind, type Find } from './use-find.tsx';
