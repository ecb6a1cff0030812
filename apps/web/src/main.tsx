import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first, so feature styles (imported by their components) come after them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import { App } from './app/App.tsx';
import { preloadReader } from './features/reader/index.ts';

// A reader's address opened directly: its code loads while the sign-in is checked, not after.
if (window.location.pathname.startsWith('/reader/')) void preloadReader().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
