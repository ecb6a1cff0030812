import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first, so feature styles (imported by their components) come after them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import { App } from './app/App.tsx';
import { startReaderEarly } from './features/reader/index.ts';

// A reader's address opened directly: its code and the book load while the sign-in is checked, not after.
startReaderEarly(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
