import { defineScreens } from '../../app/registry/types';

/** Work hours; server: finance/hours/hours.menus.ts. */
export const screens = defineScreens({
  '/WorkFilling/index': () => import('./work-filling-screen'),
  'hours/projectHours': () => import('./project-hours-screen'),
  'hours/manHour': () => import('./man-hour-screen'),
  'hours/holidays': () => import('./holidays-screen'),
  'hours/postStandard': () => import('./post-standard-screen'),
  'hours/leave': () => import('./leave-screen'),
});
