import i18n from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
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
  // The resources are in the bundle: initialise now. Deferred (the default), the first render's
  // useTranslation suspends the whole app, and React then holds the first screen back ~300 ms.
  initAsync: false,
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

/** English labels of route and menu titles (keyed by the Chinese title), once English was chosen. */
let titlesEn: Record<string, string> = {};

/** The shell's English texts load only when English is chosen (zh-CN is the default). */
async function ensureEnglish(): Promise<void> {
  if (i18n.hasResourceBundle('en-US', 'translation') && i18n.getResource('en-US', 'translation', 'app.name')) return;
  const [{ enUS }, { TITLES_EN }] = await Promise.all([import('./en-US'), import('./titles.en-US')]);
  titlesEn = TITLES_EN;
  i18n.addResourceBundle('en-US', 'translation', enUS, true, false);
}

/**
 * A route or menu title (Chinese, from spec 000 §2 or the server's menus) in the given language:
 * the English label when one is known, else the title as it is.
 */
export function localTitle(title: string, language: string = i18n.language): string {
  return language === 'en-US' ? (titlesEn[title] ?? title) : title;
}

/** `localTitle` bound to the current language; components re-render when it changes. */
export function useLocalTitle(): (title: string) => string {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return useCallback((title: string) => localTitle(title, language), [language]);
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
