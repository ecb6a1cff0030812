// First: on a reader's address, pdf.js starts loading before the app's own modules run.
import './features/reader/reader-head-start.ts';
import { startTransition, StrictMode } from 'react';
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

// Rendered in a transition, which yields to the browser every few milliseconds: a reader's book, opened
// beside it (features/reader/prefetch.ts), gets its turns on the main thread instead of waiting for the
// whole first render.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
