import { AFFIX_PATH, type VisitedTab } from './tabs-store';

export type TabAction = 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** Which tabs an action closes (the workbench tab is never closed). */
export function tabsClosedBy(action: TabAction, tabs: readonly VisitedTab[], path: string): string[] {
  const index = tabs.findIndex((x) => x.path === path);
  const paths =
    action === 'close'
      ? [path]
      : action === 'closeOthers'
        ? tabs.filter((x) => x.path !== path).map((x) => x.path)
        : action === 'closeLeft'
          ? tabs.slice(0, Math.max(index, 0)).map((x) => x.path)
          : action === 'closeRight'
            ? tabs.slice(index + 1).map((x) => x.path)
            : tabs.map((x) => x.path);
  return paths.filter((p) => p !== AFFIX_PATH);
}
