export { TocPanel, type TocJump } from './TocPanel.tsx';
