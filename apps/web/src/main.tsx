import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first, so feature styles (imported by their components) come after them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import { App } from './app/App.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
