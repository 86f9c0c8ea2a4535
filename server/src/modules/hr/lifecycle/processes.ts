import { INDUCTION_PROCESS_KEY, QUIT_APPLY_PROCESS_KEY, QUIT_PROCESS_KEY, RENEWAL_PROCESS_KEY, TRANSFER_PROCESS_KEY } from '@erp/contract';
import { sketchXml } from '../../../workflow/bpmn-builder';

/**
 * The default definitions of the lifecycle processes (docs/domain/hr-lifecycle.md). Deployed when
 * no version of a process exists; administrators change them in the designer (流程设计) and the
 * documents start whatever version is latest.
 */
function line(key: string, name: string, tasks: Array<{ id: string; name: string; erp: Record<string, string> }>): string {
  const chain = ['start', ...tasks.map((t) => t.id), 'end'];
  return sketchXml({
    key,
    name,
    erp: { fallbackUser: 'admin', revocable: 'untouched', category: 'HR', ccType: 'initiator' },
    nodes: [
      { id: 'start', type: 'startEvent', name: '发起申请' },
      ...tasks.map((t) => ({ id: t.id, type: 'userTask', name: t.name, erp: { ...t.erp, mode: 'any' } })),
      { id: 'end', type: 'endEvent', name: '结束' },
    ],
    flows: chain.slice(1).map((to, i) => [`flow${i + 1}`, chain[i] as string, to] as [string, string, string]),
  });
}

const leaderOf = (field: string) => ({ assigneeType: 'deptLeader', assigneeOrgField: field, assigneeLevels: '1' });
const role = (code: string) => ({ assigneeType: 'role', assigneeValue: code });

/** 调动 / 调岗调薪: the old unit's manager, the new unit's manager, HR. */
export const TRANSFER_PROCESS_XML = line(TRANSFER_PROCESS_KEY, '调动/调岗调薪申请', [
  { id: 'oldManager', name: '原部门负责人审批', erp: leaderOf('fromOrgId') },
  { id: 'newManager', name: '新部门负责人审批', erp: leaderOf('toOrgId') },
  { id: 'hrApprove', name: '人力资源审批', erp: role('hr') },
]);

/** 离职申请 (the employee's own): manager, HR, hand-over confirmed by HR. */
export const QUIT_APPLY_PROCESS_XML = line(QUIT_APPLY_PROCESS_KEY, '离职申请', [
  { id: 'manager', name: '部门负责人审批', erp: leaderOf('orgId') },
  { id: 'hrApprove', name: '人力资源审批', erp: role('hr') },
  { id: 'handover', name: '工作交接确认', erp: role('hr') },
]);

/** 辞退 / 离职办理 started by HR: manager, HR director, hand-over confirmed by HR. */
export const QUIT_PROCESS_XML = line(QUIT_PROCESS_KEY, '离职办理', [
  { id: 'manager', name: '部门负责人审批', erp: leaderOf('orgId') },
  { id: 'hrDirector', name: '人力资源总监审批', erp: role('hrDirector') },
  { id: 'handover', name: '工作交接确认', erp: role('hr') },
]);

/** 合同续签: manager, HR. */
export const RENEWAL_PROCESS_XML = line(RENEWAL_PROCESS_KEY, '合同续签', [
  { id: 'manager', name: '部门负责人审批', erp: leaderOf('orgId') },
  { id: 'hrApprove', name: '人力资源审批', erp: role('hr') },
]);

/** 入职确认: the receiving unit's manager, then HR; the pass creates the account and the employee. */
export const INDUCTION_PROCESS_XML = line(INDUCTION_PROCESS_KEY, '入职确认', [
  { id: 'manager', name: '用人部门确认', erp: leaderOf('orgId') },
  { id: 'hrApprove', name: '人力资源确认', erp: role('hr') },
]);

export const LIFECYCLE_DEFINITIONS: ReadonlyArray<[string, string]> = [
  [TRANSFER_PROCESS_KEY, TRANSFER_PROCESS_XML],
  [QUIT_APPLY_PROCESS_KEY, QUIT_APPLY_PROCESS_XML],
  [QUIT_PROCESS_KEY, QUIT_PROCESS_XML],
  [RENEWAL_PROCESS_KEY, RENEWAL_PROCESS_XML],
  [INDUCTION_PROCESS_KEY, INDUCTION_PROCESS_XML],
];
