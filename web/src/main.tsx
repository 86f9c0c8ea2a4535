import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import i18n from './app/i18n';
import './app/global.css';

dayjs.locale(i18n.language === 'en-US' ? 'en' : 'zh-cn');
document.documentElement.lang = i18n.language;

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
