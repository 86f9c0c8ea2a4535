import { ASSET_PERM as P } from '@erp/contract';
import type { MenuSpec } from '../../db/seed/types';

const everyone = ['hr', 'hrDirector', 'recruiter', 'finance', 'manager', 'employee'];
/** The asset staff (administration sits with HR here) and finance, who own the books. */
const STAFF = ['hr', 'finance'];
const button = (title: string, perms: string, roles: string[]): MenuSpec => ({ type: 'F', name: perms, title, perms, roles });
const app = (name: string, title: string, path: string, icon: string, roles: string[], children: MenuSpec[] = []): MenuSpec => ({
  type: 'C',
  name,
  title,
  path,
  component: path,
  icon,
  appType: 'front',
  roles,
  ...(children.length ? { children } : {}),
});

/** Workbench applications of the asset area, one button per permission. */
export const assetMenus: MenuSpec[] = [
  app('PurchaseDemandFront', '采购需求', '/purchaseDemandFront/index', 'ShoppingCartOutlined', everyone, [button('查看全部申请', P.applyList, STAFF)]),
  app('UseApplicat', '领用申请', '/useApplicat/index', 'LaptopOutlined', everyone, [button('发放与归还', P.assetIssue, ['hr'])]),
  app('AssetRegister', '资产台账', '/assets/register', 'DatabaseOutlined', STAFF, [
    button('查看资产', P.assetList, STAFF),
    button('登记资产', P.assetEdit, ['hr']),
    button('导出资产', P.assetExport, STAFF),
  ]),
  app('AssetInventory', '资产盘点', '/assets/inventory', 'ScanOutlined', STAFF, [button('资产盘点', P.inventory, STAFF)]),
];
