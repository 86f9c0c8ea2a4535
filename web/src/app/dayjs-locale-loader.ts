/**
 * dayjs with the zh-CN locale is loaded with the first screen that shows dates (and again when
 * the language changes after that); the entry page and the workbench do not need it.
 */
let loaded: Promise<void> | null = null;

export function loadDayjsLocale(language?: string): Promise<void> {
  const lang = language ?? (localStorage.getItem('lang') === 'en-US' ? 'en-US' : 'zh-CN');
  if (!loaded || language) loaded = import('./dayjs-locale').then((m) => m.applyDayjsLocale(lang));
  return loaded;
}
