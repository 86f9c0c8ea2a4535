import { ASSET_PERM, assetMeta } from '@erp/contract';
import type { ResourceMeta } from '@erp/contract/resource';
import { getTableColumns } from 'drizzle-orm';
import { hasPermission } from '../../platform/auth/principal';
import { notFound } from '../../platform/errors';
import { historyFieldsOf, registerHistoryKind } from '../../platform/history/record-history';
import { assets } from './assets.schema';
import { assetRecord } from './register';

/**
 * An asset's 操作记录 (issue 34 §4): its card as the register names it (status, keeper and user,
 * location, value) from purchase to scrapping; readers of the register read it.
 */
// Links the register shows by name elsewhere on the card (the demand, the lending project) are not history.
const {
  project_id: _project,
  demand_id: _demand,
  apply_id: _apply,
  ...card
} = historyFieldsOf(assetMeta as unknown as ResourceMeta<Record<string, unknown>>, getTableColumns(assets));

registerHistoryKind({
  kind: 'asset',
  fields: {
    ...card,
    keeper_user_id: { label: '保管人', type: 'user' },
    holder_user_id: { label: '使用人', type: 'user' },
    residual_rate_bp: { label: '残值率', type: 'bp' },
    deleted_at: { label: '删除时间' },
  },
  async access(db, user, id) {
    if (!hasPermission(user, ASSET_PERM.assetList)) throw notFound('资产不存在');
    await assetRecord(db, id);
    return { sensitive: true };
  },
});
