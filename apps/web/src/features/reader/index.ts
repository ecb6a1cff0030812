export { ReaderPage } from './ReaderPage.tsx';
