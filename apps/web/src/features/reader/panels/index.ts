export { ResizablePanel } from './ResizablePanel.tsx';
export { usePanelWidth } from './use-panel-width.ts';
export type { PanelSide } from './panel-size.ts';
export { readReaderMemory, writeReaderMemory } from './reader-memory.ts';
export { SidebarSection } from './SidebarSection.tsx';
