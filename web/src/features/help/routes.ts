import { defineScreens } from '../../app/registry/types';

/** Help centre of spec 000 §1–§2: articles from the help module (docs/domain/help.md), the Xiaode assistant. */
export const screens = defineScreens({
  '/helpCenter/recept': { load: () => import('./help-center-screen'), title: '帮助中心', dates: false },
  '/helpCenter/list': { load: () => import('./help-list-screen'), title: '帮助列表', dates: false },
  '/helpCenter/detail': { load: () => import('./help-detail-screen'), title: '帮助详情', dates: false },
  '/helpCenter/xiaodeAI': { load: () => import('./ai-assistant-screen'), title: '小德 AI 助手', dates: false },
});
