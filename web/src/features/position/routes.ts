import { defineScreens } from '../../app/registry/types';

/** Position management screens, named by the menus' component strings (server: position.menus.ts). */
export const screens = defineScreens({
  'position/index': () => import('./position-screen'),
  'position/alignment': () => import('./alignment-screen'),
  'position/trade': () => import('./trade-screen'),
  'position/postClan': () => import('./post-clan-screen'),
  'position/postLarge': () => import('./post-large-screen'),
  'position/grade': { load: () => import('./grade-screen'), dates: false },
});
