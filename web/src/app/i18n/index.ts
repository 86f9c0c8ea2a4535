import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

export type Language = 'zh-CN' | 'en-US';
export const LANGUAGE_KEY = 'lang';

/** The chosen language survives sign-out (it is a device preference), so it lives in a cookie-free key re-written after clears. */
export function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return stored === 'en-US' ? 'en-US' : 'zh-CN';
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: storedLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * Features add their own texts with `registerMessages('hr', {zh, en})`, read as `t('hr.key')`,
 * so each module's texts stay in its folder.
 */
export function registerMessages(namespace: string, messages: { 'zh-CN': object; 'en-US': object }): void {
  i18n.addResourceBundle('zh-CN', 'translation', { [namespace]: messages['zh-CN'] }, true, false);
  i18n.addResourceBundle('en-US', 'translation', { [namespace]: messages['en-US'] }, true, false);
}

export function setLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

export default i18n;
