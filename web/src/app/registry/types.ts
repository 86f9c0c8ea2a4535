import type { ComponentType } from 'react';

/** A lazily loaded screen: `() => import('./user/user-screen')` (default export is the screen). */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

export interface ScreenDef {
  load: ScreenLoader;
  /** Page title when the menu gives none (fixed routes); the menu's meta.title wins otherwise. */
  title?: string;
  /** Set false for screens without dates: then dayjs and its locale are not loaded with them. Default true. */
  dates?: boolean;
  /** A button permission the screen needs: without it the shell shows the one 403 screen instead. */
  permission?: string;
}

/**
 * What a feature's `routes.ts` exports as `screens`: keys are either a menu `component` string
 * (e.g. 'base/user', as stored in the menus table) or a fixed route path (e.g. '/backlog/index').
 * Values must be lazy loaders only, so the registry never pulls a screen into the entry bundle.
 */
export type ScreenMap = Record<string, ScreenLoader | ScreenDef>;

export function defineScreens<const M extends ScreenMap>(screens: M): M {
  return screens;
}
