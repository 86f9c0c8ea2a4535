import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadDayjsLocale } from '../dayjs-locale-loader';
import { zhCN } from './zh-CN';

export type Language = 'zh-CN' | 'en-US';
export const LANGUAGE_KEY = 'lang';

/** The chosen language is a device preference: it survives sign-out (see PRESERVED_KEYS). */
export function storedLanguage(): Language {
  return localStorage.getItem(LANGUAGE_KEY) === 'en-US' ? 'en-US' : 'zh-CN';
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN } },
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** The shell's English texts load only when English is chosen (zh-CN is the default). */
async function ensureEnglish(): Promise<void> {
  if (i18n.hasResourceBundle('en-US', 'translation') && i18n.getResource('en-US', 'translation', 'app.name')) return;
  const { enUS } = await import('./en-US');
  i18n.addResourceBundle('en-US', 'translation', enUS, true, false);
}

/**
 * Features add their own texts with `registerMessages('hr', {'zh-CN': {...}, 'en-US': {...}})`,
 * read as `t('hr.key')`, so each module's texts stay in its folder.
 */
export function registerMessages(namespace: string, messages: { 'zh-CN': object; 'en-US': object }): void {
  i18n.addResourceBundle('zh-CN', 'translation', { [namespace]: messages['zh-CN'] }, true, false);
  i18n.addResourceBundle('en-US', 'translation', { [namespace]: messages['en-US'] }, true, false);
}

export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, lang);
  if (lang === 'en-US') await ensureEnglish();
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
  void loadDayjsLocale(lang);
}

if (storedLanguage() === 'en-US') void setLanguage('en-US');

export default i18n;
