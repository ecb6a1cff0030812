import { pageLabelOf } from '../model/index.ts';
import { useReaderState } from './store.tsx';

/** The label a page is shown by: the number printed on it where the book has page labels, else its number. */
export function usePageLabelOf(): (page: number) => string {
  const labels = useReaderState((state) => state.pageLabels);
  return (page) => pageLabelOf(labels, page);
}
