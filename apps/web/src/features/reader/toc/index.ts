export { currentOutlineTitle } from './current-entry.ts';
export { TocPanel, type TocJump } from './TocPanel.tsx';
