export { preloadReader, ReaderRoute } from './route.tsx';
