import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import i18n from './app/i18n';
import { prefetchSession } from './app/shell/session-context';
import './app/global.css';

document.documentElement.lang = i18n.language;

prefetchSession();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
