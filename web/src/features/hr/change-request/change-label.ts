import { SECTION_TITLES } from '@erp/contract/modules/employee';

const ACTIONS: Record<string, string> = { add: '新增', update: '修改', delete: '删除' };
const SECTION_NAMES: Record<string, string> = { ...SECTION_TITLES, base: '身份信息' };

/** What a change request asks, as the employee and HR read it: 新增银行卡信息, 修改身份信息… */
export const changeLabel = (r: { action: string; section: string }) => `${ACTIONS[r.action] ?? r.action}${SECTION_NAMES[r.section] ?? r.section}`;
