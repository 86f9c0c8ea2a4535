import type { ApprovalStep } from '@erp/contract/modules/bpm';

/** One node of the widget: a step, or the merged cc node. */
export interface FlowNode {
  key: string;
  kind: 'initiator' | 'approver' | 'cc';
  flag: 0 | 1 | 2 | 3;
  title: string;
  /** Every person of the node (a group's members, or all cc recipients). */
  people: string[];
  message: string;
  time: string;
  isTransfer: boolean;
  transfers: ApprovalStep['transferDTOS'];
  predicted: boolean;
  steps: ApprovalStep[];
}

/** Above this many nodes the widget switches to its long layout (spec 000 §9). */
export const LONG_LAYOUT_ABOVE = 7;
/** Approvers shown by name; the rest go into the hover list. */
export const VISIBLE_PEOPLE = 2;

/** YY-MM-DD of an ISO time, in the viewer's zone (spec 000 §2). */
export function shortDate(iso: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getFullYear() % 100)}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function peopleOf(s: ApprovalStep): string[] {
  // taskType 2 = a group: its first member is the name shown (spec 000 §4).
  if (s.taskType === 2 && s.groupUserList.length) return s.groupUserList.map((g) => g.userName);
  const name = s.approvalUserName || s.taskUserName;
  return name ? [name] : [];
}

const isCc = (s: ApprovalStep) => s.operateType === 2;

function nodeOf(s: ApprovalStep): FlowNode {
  return {
    key: s.id,
    kind: s.operateType === 0 ? 'initiator' : 'approver',
    flag: s.approvalFlag,
    title: s.taskName || s.approvalTaskName,
    people: peopleOf(s),
    message: s.approvalMessage,
    time: s.operateTime,
    isTransfer: s.isTransfer === 1,
    transfers: s.transferDTOS,
    predicted: s.predicted,
    steps: [s],
  };
}

function ccNode(steps: ApprovalStep[]): FlowNode {
  const people = [...new Set(steps.flatMap(peopleOf))];
  return {
    key: `cc:${steps.map((s) => s.id).join(',')}`,
    kind: 'cc',
    flag: steps.every((s) => s.approvalFlag === 1) ? 1 : 0,
    title: '抄送',
    people,
    message: '',
    time:
      steps
        .map((s) => s.operateTime)
        .filter(Boolean)
        .sort()
        .at(-1) ?? '',
    isTransfer: false,
    transfers: [],
    predicted: steps.every((s) => s.predicted),
    steps,
  };
}

/**
 * The nodes to draw: every non-cc step in order; consecutive cc steps merge into one cc node, and
 * cc nodes are placed at the end (where they merge into one).
 */
export function toNodes(steps: ApprovalStep[]): FlowNode[] {
  const main = steps.filter((s) => !isCc(s)).map(nodeOf);
  const cc = steps.filter(isCc);
  return cc.length ? [...main, ccNode(cc)] : main;
}

/** rejected if any non-cc step is 2; allowed if the last non-cc step is 1; else in progress. */
export function overallState(steps: ApprovalStep[]): 'rejected' | 'allowed' | 'running' {
  const main = steps.filter((s) => !isCc(s));
  if (main.some((s) => s.approvalFlag === 2)) return 'rejected';
  if (main.length && main[main.length - 1]?.approvalFlag === 1) return 'allowed';
  return 'running';
}

/** Index of the next pending node: the first non-cc node with flag 0 (a group counts while any member is pending). */
export function nextPendingIndex(nodes: FlowNode[]): number {
  return nodes.findIndex((n) => n.kind !== 'cc' && n.flag === 0);
}

export type LineStyle = 'next' | 'done' | 'plain';

/**
 * Style of the line from node i to node i+1: dotted with an arrow into the next pending node;
 * solid green after a passed or sent-back node; solid otherwise (after pending or rejected).
 */
export function lineStyle(nodes: FlowNode[], i: number, next = nextPendingIndex(nodes)): LineStyle {
  if (i + 1 === next) return 'next';
  const flag = nodes[i]?.flag;
  return flag === 1 || flag === 3 ? 'done' : 'plain';
}

/** The names shown on a node, and those collapsed into the hover list. */
export function splitPeople(people: string[]): { shown: string[]; hidden: string[] } {
  return { shown: people.slice(0, VISIBLE_PEOPLE), hidden: people.slice(VISIBLE_PEOPLE) };
}
