import { BPM_PERM } from '@erp/contract/modules/bpm';
import { defineScreens } from '../../app/registry/types';

export const screens = defineScreens({
  '/backlog/index': { load: () => import('./backlog/backlog-screen'), title: '流程中心' },
  '/Initiate/index': { load: () => import('./initiate/initiate-screen'), title: '我发起的' },
  '/CustomBpmn/index': { load: () => import('./designer/designer-screen'), title: '流程设计', dates: false, permission: BPM_PERM.definitionList },
});
