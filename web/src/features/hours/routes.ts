import { defineScreens } from '../../app/registry/types';

/** Work hours; server: finance/hours/hours.menus.ts. */
export const screens = defineScreens({
  '/WorkFilling/index': () => import('./work-filling-screen'),
});
