import { defineScreens } from '../../app/registry/types';

export const screens = defineScreens({
  '/MessageCenter/index': { load: () => import('./center/message-center-screen'), title: '消息中心' },
  'msg/manage': { load: () => import('./manage/message-manage-screen'), title: '消息管理' },
});
