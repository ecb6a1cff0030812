export { useReaderShortcuts, type ReaderShortcutHandlers } from './use-reader-shortcuts.ts';
export type { ReaderAction } from './shortcuts.ts';
