import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './shell-layout.module.css';
import { AFFIX_PATH, closeTabs, type VisitedTab } from './tabs-store';

type Action = 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** The bar of visited pages: close, close others, close all, and the same in a context menu (spec 000 §2). */
export function TabsBar({ tabs, activePath }: { tabs: readonly VisitedTab[]; activePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const open = (tab: VisitedTab | undefined) => navigate(tab ? `${tab.path}${tab.search}` : AFFIX_PATH);

  const run = (action: Action, path: string) => {
    const index = tabs.findIndex((x) => x.path === path);
    const others = tabs.filter((x) => x.path !== path).map((x) => x.path);
    const closing: string[] =
      action === 'close'
        ? [path]
        : action === 'closeOthers'
          ? others
          : action === 'closeLeft'
            ? tabs.slice(0, index).map((x) => x.path)
            : action === 'closeRight'
              ? tabs.slice(index + 1).map((x) => x.path)
              : tabs.map((x) => x.path);
    const remaining = tabs.filter((x) => x.path === AFFIX_PATH || !closing.includes(x.path));
    closeTabs(closing);
    if (closing.includes(activePath) || (action === 'closeOthers' && path !== activePath)) {
      // The active page went away: go to the page the action kept (or its neighbour).
      const keep = action === 'close' ? (tabs[index + 1] ?? tabs[index - 1]) : tabs.find((x) => x.path === path);
      open(remaining.find((x) => x.path === keep?.path) ?? remaining[remaining.length - 1]);
    }
  };

  const menuFor = (path: string): MenuProps => ({
    items: [
      { key: 'close', label: t('tabs.close'), disabled: path === AFFIX_PATH },
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeLeft', label: t('tabs.closeLeft') },
      { key: 'closeRight', label: t('tabs.closeRight') },
      { key: 'closeAll', label: t('tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      run(key as Action, path);
    },
  });

  return (
    <div className={styles.tabsBar} data-testid="tabs-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activePath}
        onChange={(key) => open(tabs.find((x) => x.path === key))}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') run('close', key);
        }}
        items={tabs.map((tab) => ({
          key: tab.path,
          closable: tab.path !== AFFIX_PATH,
          label: (
            <Dropdown menu={menuFor(tab.path)} trigger={['contextMenu']}>
              <span data-testid="tab" data-path={tab.path}>
                {tab.title}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown menu={menuFor(activePath)} trigger={['click']} placement="bottomRight">
              <Button size="small" type="text" aria-label={t('tabs.more')} data-testid="tabs-more">
                <DownOutlined />
              </Button>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
