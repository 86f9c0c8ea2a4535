import type { MenuProps } from 'antd';
import type { NavItem } from '../registry/menu-routes';
import { isPendingRoute } from '../registry/pending';
import { MenuIcon } from './menu-icon';
import { PendingBadge } from './pending-badge';

type Items = NonNullable<MenuProps['items']>;

/** Menu items of the nav tree; `label` gives a title in the user's language (i18n `localTitle`). */
export function toMenuItems(nav: readonly NavItem[], label: (title: string) => string, withIcons = true): Items {
  return nav.map((n) =>
    n.children?.length
      ? { key: n.key, label: label(n.title), icon: withIcons ? <MenuIcon name={n.icon} /> : undefined, children: toMenuItems(n.children, label, withIcons) }
      : {
          key: n.key,
          label: isPendingRoute(n.key, n.component) ? (
            <>
              {label(n.title)}
              <PendingBadge />
            </>
          ) : (
            label(n.title)
          ),
          icon: withIcons ? <MenuIcon name={n.icon} /> : undefined,
        },
  );
}

/** Keys of the nav items leading to `pathname` (outermost first), for open/selected menu state and the breadcrumb. */
export function navTrail(nav: readonly NavItem[], pathname: string): NavItem[] {
  for (const n of nav) {
    if (n.key === pathname) return [n];
    if (n.children?.length) {
      const below = navTrail(n.children, pathname);
      if (below.length) return [n, ...below];
    }
  }
  return [];
}
