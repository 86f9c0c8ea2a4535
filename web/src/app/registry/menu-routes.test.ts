import type { MenuNode } from '@erp/contract';
import { describe, expect, it } from 'vitest';
import { buildMenuRoutes, buildNav, frontApplications } from './menu-routes';

const node = (over: Partial<MenuNode> & Pick<MenuNode, 'menuId' | 'path' | 'name'>): MenuNode => ({
  parentId: null,
  component: '',
  hidden: false,
  alwaysShow: false,
  redirect: null,
  meta: { title: over.name, icon: null, appType: 'back' },
  children: [],
  ...over,
});

const tree: MenuNode[] = [
  node({
    menuId: 1,
    path: '/BaseCenter',
    name: 'BaseCenter',
    component: 'Layout',
    children: [
      node({ menuId: 2, path: 'user', name: 'UserManagement', component: 'base/user' }),
      node({ menuId: 3, path: '/BaseCenter/organization', name: 'OrganizationManagement', component: 'base/organization', hidden: true }),
      node({
        menuId: 4,
        path: 'nested',
        name: 'Nested',
        component: 'ParentView',
        children: [
          node({ menuId: 5, path: 'deep', name: 'Deep', component: 'base/deep' }),
          node({ menuId: 6, path: 'secret', name: 'Secret', component: 'x', hidden: true }),
        ],
      }),
    ],
  }),
  node({ menuId: 7, path: 'list', name: 'MessageManage', component: 'msg/manage' }),
  node({
    menuId: 8,
    path: '/Salary/index',
    name: 'Salary',
    component: '/Salary/index',
    meta: { title: '我的工资条', icon: 'WalletOutlined', appType: 'front' },
  }),
];

describe('menu routes (spec 000 §2)', () => {
  it('flattens nested parent views into full paths and redirects containers to their first child', () => {
    const routes = buildMenuRoutes(tree);
    const byPath = new Map(routes.map((r) => [r.path, r]));
    expect(byPath.get('/BaseCenter')?.redirect).toBe('/BaseCenter/user');
    expect(byPath.get('/BaseCenter/user')?.component).toBe('base/user');
    expect(byPath.get('/BaseCenter/nested/deep')?.component).toBe('base/deep');
    expect(byPath.get('/BaseCenter/nested')?.redirect).toBe('/BaseCenter/nested/deep');
  });

  it('places MessageManage under /MessageCenter', () => {
    const routes = buildMenuRoutes(tree);
    expect(routes.find((r) => r.name === 'MessageManage')?.path).toBe('/MessageCenter/list');
  });

  it('hides hidden menus from navigation except the whitelist (OrganizationManagement)', () => {
    const nav = buildNav(tree);
    const base = nav.find((n) => n.key === '/BaseCenter');
    const keys = base?.children?.map((c) => c.key);
    expect(keys).toContain('/BaseCenter/organization');
    const nested = base?.children?.find((c) => c.key === '/BaseCenter/nested');
    expect(nested?.children?.map((c) => c.key)).toEqual(['/BaseCenter/nested/deep']);
  });

  it('lists front applications from menus of appType front', () => {
    expect(frontApplications(buildMenuRoutes(tree)).map((r) => r.path)).toEqual(['/Salary/index']);
  });
});
