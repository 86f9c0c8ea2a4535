import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalTitle } from '../i18n';
import { belowTrigger, PopupMenu, type PopupMenuItem, type PopupMenuState } from './popup-menu';
import { type TabAction as Action, tabsClosedBy } from './tab-actions';
import styles from './tabs-bar.module.css';
import { AFFIX_PATH, closeTabs, type VisitedTab } from './tabs-store';

/**
 * The bar of visited pages (spec 000 §2): click to switch, × to close, a context menu and a
 * "more" menu with close / close others / close left / close right / close all. Hand-made (a
 * scrollable row of buttons) so the first screens do not carry antd Tabs.
 */
export function TabsBar({ tabs, activePath }: { tabs: readonly VisitedTab[]; activePath: string }) {
  const { t } = useTranslation();
  const title = useLocalTitle();
  const navigate = useNavigate();
  const activeRef = useRef<HTMLButtonElement>(null);
  const [menu, setMenu] = useState<(PopupMenuState & { path: string }) | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  // The tab of a page just opened is added after the navigation renders: scroll when the tabs change
  // too, and only the tab row (scrollIntoView would also move the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active tab or the tab list changes
  useEffect(() => {
    const item = activeRef.current?.parentElement;
    const list = item?.parentElement;
    if (!item || !list) return;
    const left = item.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft) list.scrollLeft = left;
    else if (left + item.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = left + item.offsetWidth - list.clientWidth;
  }, [activePath, tabs]);

  const open = (tab: VisitedTab | undefined) => navigate(tab ? `${tab.path}${tab.search}` : AFFIX_PATH);

  const run = (action: Action, path: string) => {
    const closing = tabsClosedBy(action, tabs, path);
    if (!closing.length) return;
    const index = tabs.findIndex((x) => x.path === path);
    const remaining = tabs.filter((x) => !closing.includes(x.path));
    closeTabs(closing);
    if (!closing.includes(activePath) && !(action === 'closeOthers' && path !== activePath)) return;
    // The active page went away: show the neighbour (close) or the page the action kept.
    const preferred = action === 'close' ? (tabs[index + 1] ?? tabs[index - 1]) : tabs.find((x) => x.path === path);
    open(remaining.find((x) => x.path === preferred?.path) ?? remaining[remaining.length - 1]);
  };

  const menuItems = (path: string): PopupMenuItem[] => {
    const index = tabs.findIndex((x) => x.path === path);
    return [
      { key: 'close', label: t('tabs.close'), disabled: path === AFFIX_PATH },
      { key: 'closeOthers', label: t('tabs.closeOthers'), disabled: tabs.length <= 1 },
      { key: 'closeLeft', label: t('tabs.closeLeft'), disabled: index <= 0 },
      { key: 'closeRight', label: t('tabs.closeRight'), disabled: index >= tabs.length - 1 },
      { key: 'closeAll', label: t('tabs.closeAll'), divided: true },
    ];
  };

  const onContextMenu = (e: MouseEvent<HTMLElement>, path: string) => {
    e.preventDefault();
    setMenu({ x: e.clientX, y: e.clientY, path, returnFocus: e.currentTarget.querySelector('button') });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, tab: VisitedTab) => {
    if ((e.key === 'Delete' || e.key === 'Backspace') && tab.path !== AFFIX_PATH) {
      e.preventDefault();
      run('close', tab.path);
    } else if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10')) {
      e.preventDefault();
      setMenu({ ...belowTrigger(e.currentTarget), path: tab.path });
    }
  };

  return (
    <nav className={styles.bar} aria-label={t('tabs.label')} data-testid="tabs-bar">
      <ul className={styles.list}>
        {tabs.map((tab) => {
          const active = tab.path === activePath;
          return (
            <li
              key={tab.path}
              className={`${styles.tab} ${active ? styles.active : ''}`}
              data-testid="tab"
              data-path={tab.path}
              onContextMenu={(e) => onContextMenu(e, tab.path)}
            >
              <button
                type="button"
                ref={active ? activeRef : undefined}
                className={styles.title}
                aria-current={active ? 'page' : undefined}
                onClick={() => open(tab)}
                onKeyDown={(e) => onKeyDown(e, tab)}
              >
                {title(tab.title)}
              </button>
              {tab.path !== AFFIX_PATH && (
                <button
                  type="button"
                  className={styles.close}
                  aria-label={`${t('tabs.close')} ${title(tab.title)}`}
                  onClick={() => run('close', tab.path)}
                  data-testid="tab-close"
                >
                  <CloseOutlined aria-hidden />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className={styles.more}
        aria-label={t('tabs.more')}
        aria-haspopup="menu"
        aria-expanded={!!menu}
        data-testid="tabs-more"
        onClick={(e) => setMenu({ ...belowTrigger(e.currentTarget, true), path: activePath })}
      >
        <DownOutlined aria-hidden />
      </button>
      <PopupMenu
        state={menu}
        items={menu ? menuItems(menu.path) : []}
        onSelect={(key) => menu && run(key as Action, menu.path)}
        onClose={closeMenu}
        label={t('tabs.more')}
        testId="tabs-menu"
      />
    </nav>
  );
}
