export { ReaderRoute, startReaderEarly } from './route.tsx';
