import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';

export function applyDayjsLocale(language: string): void {
  dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
}
