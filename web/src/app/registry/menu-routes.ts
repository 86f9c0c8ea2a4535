import type { MenuNode } from '@erp/contract';

/** A route made from the server menu list (spec 000 §2). */
export interface MenuRoute {
  path: string;
  title: string;
  menuId: number;
  name: string;
  /** Registry key of the screen ('base/user' or a fixed path). */
  component: string;
  icon: string | null;
  appType: string;
  hidden: boolean;
  /** Containers redirect to their first visible child. */
  redirect?: string;
}

/** Menu items shown in the top menu and the sidebar, with full paths. */
export interface NavItem {
  key: string;
  title: string;
  icon: string | null;
  menuId: number;
  name: string;
  /** Registry key of a leaf's screen ('base/user' or a fixed path). */
  component?: string;
  children?: NavItem[];
}

/** Route names shown in the menu even when marked hidden (spec 000 §2 whitelist). */
export const MENU_WHITELIST = ['OrganizationManagement'];

const CONTAINERS = new Set(['Layout', 'ParentView', '']);
const isContainer = (n: MenuNode) => n.children.length > 0 && CONTAINERS.has(n.component);

function joinPath(parent: string, path: string): string {
  if (/^https?:/.test(path)) return path;
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`.replace(/\/{2,}/g, '/');
}

/** Full path of a node: nested parent views are flattened; MessageManage is placed under /MessageCenter. */
function fullPath(node: MenuNode, parentPath: string): string {
  if (node.name === 'MessageManage') {
    const last = node.path.split('/').filter(Boolean).pop() ?? 'index';
    return `/MessageCenter/${last}`;
  }
  return joinPath(parentPath, node.path);
}

export function buildMenuRoutes(tree: readonly MenuNode[], parentPath = ''): MenuRoute[] {
  const out: MenuRoute[] = [];
  for (const node of tree) {
    if (!node.path) continue;
    const path = fullPath(node, parentPath);
    const base = {
      path,
      title: node.meta.title,
      menuId: node.menuId,
      name: node.name,
      icon: node.meta.icon,
      appType: node.meta.appType,
      hidden: node.hidden,
    };
    if (isContainer(node)) {
      const children = buildMenuRoutes(node.children, path);
      const first = children.find((c) => !c.hidden && !c.redirect) ?? children[0];
      out.push({ ...base, component: 'Layout', redirect: node.redirect ?? first?.path });
      out.push(...children);
    } else {
      out.push({ ...base, component: node.component || path });
      if (node.children.length) out.push(...buildMenuRoutes(node.children, path));
    }
  }
  return out;
}

const visible = (n: MenuNode) => !n.hidden || MENU_WHITELIST.includes(n.name);

export function buildNav(tree: readonly MenuNode[], parentPath = ''): NavItem[] {
  return tree
    .filter((n) => n.path && visible(n))
    .map((n) => {
      const key = fullPath(n, parentPath);
      const children = isContainer(n) || n.alwaysShow ? buildNav(n.children, key) : [];
      return {
        key,
        title: n.meta.title,
        icon: n.meta.icon,
        menuId: n.menuId,
        name: n.name,
        ...(children.length ? { children } : { component: n.component || key }),
      };
    });
}

/** Front-office applications for the workbench: menus with appType 'front', flattened. */
export function frontApplications(routes: readonly MenuRoute[]): MenuRoute[] {
  return routes.filter((r) => r.appType === 'front' && !r.redirect && !r.hidden);
}
