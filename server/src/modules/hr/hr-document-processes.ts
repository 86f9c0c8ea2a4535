import { COMPENSATE_PROCESS_KEY, CONTRACT_ARCHIVE_PROCESS_KEY, CONTRACT_SEAL_PROCESS_KEY, PERFORMANCE_PROCESS_KEY, TRIPLE_PROCESS_KEY } from '@erp/contract';
import { sketchXml } from '../../workflow/bpmn-builder';

/**
 * The default processes of the HR documents, deployed on first submission when none exists; an
 * administrator changes them in the designer (a new version is used by the next submission).
 */
const line = (key: string, name: string, tasks: Array<{ id: string; name: string; erp: Record<string, string | number> }>) => {
  const chain = ['start', ...tasks.map((t) => t.id), 'end'];
  return sketchXml({
    key,
    name,
    erp: { fallbackUser: 'admin', revocable: 'untouched', category: 'HR' },
    nodes: [
      { id: 'start', type: 'startEvent', name: '发起申请' },
      ...tasks.map((t) => ({ id: t.id, type: 'userTask', name: t.name, erp: t.erp })),
      { id: 'end', type: 'endEvent', name: '结束' },
    ],
    flows: chain.slice(1).map((to, i) => [`flow${i + 1}`, chain[i] as string, to] as [string, string, string]),
  });
};

const deptManager = { id: 'deptManager', name: '部门经理审批', erp: { assigneeType: 'deptLeader', assigneeOrgField: 'orgId', assigneeLevels: 1, mode: 'any' } };
const hr = { id: 'hrApprove', name: '人力资源审批', erp: { assigneeType: 'role', assigneeValue: 'hr', mode: 'any' } };
const hrDirector = { id: 'hrDirector', name: '人力资源总监审批', erp: { assigneeType: 'role', assigneeValue: 'hrDirector', mode: 'any' } };

/** 三方协议: the department manager confirms the placement, HR checks the paper. */
export const TRIPLE_PROCESS_XML = line(TRIPLE_PROCESS_KEY, '三方协议审批', [deptManager, hr]);
/** 补偿优化: manager, HR, then the HR director (money leaves the company). */
export const COMPENSATE_PROCESS_XML = line(COMPENSATE_PROCESS_KEY, '补偿优化审批', [deptManager, hr, hrDirector]);
/**
 * 绩效考核: the employee's superior scores (`judge…` nodes take judgeApproval), HR reviews.
 * A node is a scoring step when its id starts with `judge`.
 */
export const PERFORMANCE_PROCESS_XML = line(PERFORMANCE_PROCESS_KEY, '绩效考核', [
  { id: 'judge', name: '评分人评分', erp: { assigneeType: 'superior', mode: 'any' } },
  { id: 'hrReview', name: '人力资源审核', erp: { assigneeType: 'role', assigneeValue: 'hr', mode: 'any' } },
]);
/** 合同用印: the HR director approves the use of the seal, the seal keeper (HR) seals. */
export const CONTRACT_SEAL_PROCESS_XML = line(CONTRACT_SEAL_PROCESS_KEY, '合同用印审批', [
  hrDirector,
  { id: 'sealKeeper', name: '印章管理员用印', erp: { assigneeType: 'role', assigneeValue: 'hr', mode: 'any' } },
]);
/** 合同归档: the archive keeper (HR) confirms the original is filed where the request says. */
export const CONTRACT_ARCHIVE_PROCESS_XML = line(CONTRACT_ARCHIVE_PROCESS_KEY, '合同归档审批', [
  { id: 'archiveKeeper', name: '档案管理员归档', erp: { assigneeType: 'role', assigneeValue: 'hr', mode: 'any' } },
]);
