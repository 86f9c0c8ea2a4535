import { BPM_ANALYTICS_PERM, BPM_PERM } from '@erp/contract';
import { eq } from 'drizzle-orm';
import { wfDefinitions } from '../../db/schema';
import type { ModuleSeed, SeedContext } from '../../db/seed/types';
import { deploy } from '../../workflow/engine';
import { POSITIVE_PROCESS_XML } from './definitions/positive-process';
import { REQUEST_PROCESS_XML } from './definitions/request-processes';

/**
 * The general requests (通用申请, 请假, 用印) on every database, new or upgraded: a key never
 * deployed gets its default definition; one an administrator redrew or switched off is left alone.
 */
async function deployRequestProcesses(ctx: SeedContext): Promise<void> {
  for (const [key, xml] of REQUEST_PROCESS_XML) {
    const [any] = await ctx.db.select({ id: wfDefinitions.id }).from(wfDefinitions).where(eq(wfDefinitions.key, key)).limit(1);
    if (!any) await deploy(ctx.db, xml, ctx.userIds.get('admin') ?? null);
  }
}

const button = (title: string, perms: string): MenuSpec => ({ type: 'F', name: perms, title, perms });
type MenuSpec = NonNullable<ModuleSeed['menus']>[number];

/** The process designer (administrators only) and the default definitions every demo needs. */
export const bpmSeed: ModuleSeed = {
  name: 'bpm',
  menus: [
    {
      type: 'C',
      name: 'CustomBpmn',
      title: '流程设计',
      path: '/CustomBpmn/index',
      component: '/CustomBpmn/index',
      icon: 'PartitionOutlined',
      appType: 'front',
      children: [
        button('查看流程定义', BPM_PERM.definitionList),
        button('部署/停用流程', BPM_PERM.definitionEdit),
        button('终止/改派流程实例', BPM_PERM.instanceAdmin),
        button('审批分析', BPM_ANALYTICS_PERM.view),
      ],
    },
  ],
  reference: deployRequestProcesses,
  async seed(ctx) {
    const [admin] = [ctx.userIds.get('admin') ?? null];
    await deploy(ctx.db, POSITIVE_PROCESS_XML, admin);
  },
};
