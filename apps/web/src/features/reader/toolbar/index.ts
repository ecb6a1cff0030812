export { Toolbar, type ToolbarProps } from './Toolbar.tsx';
