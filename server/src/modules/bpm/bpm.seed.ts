import { BPM_PERM } from '@erp/contract';
import type { ModuleSeed } from '../../db/seed/types';
import { deploy } from '../../workflow/engine';
import { POSITIVE_PROCESS_XML } from './definitions/positive-process';

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
      children: [button('查看流程定义', BPM_PERM.definitionList), button('部署/停用流程', BPM_PERM.definitionEdit)],
    },
  ],
  async seed(ctx) {
    const [admin] = [ctx.userIds.get('admin') ?? null];
    await deploy(ctx.db, POSITIVE_PROCESS_XML, admin);
  },
};
