import { useSyncExternalStore } from 'react';

/** One visited page of the tabs bar; `search`/`hash` are kept so a tab reopens where it was. */
export interface VisitedTab {
  path: string;
  search: string;
  title: string;
}

/** Up to 100 pages are kept alive (spec 000 §9). */
export const MAX_TABS = 100;
/** The workbench tab stays: closing everything returns to it. */
export const AFFIX_PATH = '/WorkBench/index';
export const AFFIX_TITLE = '工作台';

let tabs: VisitedTab[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function getTabs(): VisitedTab[] {
  return tabs;
}

/** Adds or refreshes the tab of a visited page; the oldest other tab goes beyond the limit. */
export function visit(tab: VisitedTab, activePath: string): void {
  const i = tabs.findIndex((t) => t.path === tab.path);
  if (i >= 0) {
    const old = tabs[i];
    if (old && old.search === tab.search && old.title === tab.title) return;
    tabs = tabs.map((t, j) => (j === i ? tab : t));
  } else {
    tabs = [...tabs, tab];
    // The workbench tab always leads the bar, even when the first page opened was another one.
    if (tab.path !== AFFIX_PATH && !tabs.some((t) => t.path === AFFIX_PATH)) tabs = [{ path: AFFIX_PATH, search: '', title: AFFIX_TITLE }, ...tabs];
    while (tabs.length > MAX_TABS) {
      const drop = tabs.findIndex((t) => t.path !== activePath && t.path !== AFFIX_PATH);
      if (drop < 0) break;
      tabs = tabs.filter((_, j) => j !== drop);
    }
  }
  emit();
}

export function closeTabs(paths: readonly string[]): void {
  tabs = tabs.filter((t) => t.path === AFFIX_PATH || !paths.includes(t.path));
  emit();
}

export function clearTabs(): void {
  tabs = [];
  emit();
}

export function useTabs(): VisitedTab[] {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, getTabs);
}
