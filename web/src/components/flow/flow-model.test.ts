import type { ApprovalStep } from '@erp/contract/modules/bpm';
import { describe, expect, it } from 'vitest';
import { lineStyle, nextPendingIndex, overallState, shortDate, splitPeople, toNodes } from './flow-model';

let n = 0;
const step = (operateType: 0 | 1 | 2, approvalFlag: 0 | 1 | 2 | 3, extra: Partial<ApprovalStep> = {}): ApprovalStep => ({
  id: `s${++n}`,
  nodeId: null,
  approvalFlag,
  operateType,
  approvalTaskName: 'T',
  taskName: 'T',
  approvalUserName: `U${n}`,
  approvalUserCode: `u${n}`,
  taskUserName: `U${n}`,
  approvalMessage: '',
  operateTime: '',
  isTransfer: 0,
  transferDTOS: [],
  taskType: 1,
  groupUserList: [],
  predicted: false,
  sort: n,
  ...extra,
});

describe('flow widget rules (spec 000 §2, §4)', () => {
  it('merges cc steps into one node at the end', () => {
    const nodes = toNodes([step(0, 1), step(2, 1), step(2, 0), step(1, 0), step(2, 0)]);
    expect(nodes.map((x) => x.kind)).toEqual(['initiator', 'approver', 'cc']);
    expect(nodes[2]?.people).toHaveLength(3);
    expect(nodes[2]?.flag).toBe(0);
  });

  it('shows the whole flow as rejected or allowed', () => {
    expect(overallState([step(0, 1), step(1, 2), step(1, 0)])).toBe('rejected');
    expect(overallState([step(0, 1), step(1, 1), step(2, 0)])).toBe('allowed');
    expect(overallState([step(0, 1), step(1, 0)])).toBe('running');
    expect(overallState([step(0, 1), step(1, 1), step(1, 3), step(1, 0)])).toBe('running');
  });

  it('finds the next pending step and styles the lines', () => {
    const nodes = toNodes([step(0, 1), step(1, 3), step(1, 1), step(1, 0), step(1, 0), step(2, 0)]);
    expect(nextPendingIndex(nodes)).toBe(3);
    expect([0, 1, 2, 3, 4].map((i) => lineStyle(nodes, i))).toEqual(['done', 'done', 'next', 'plain', 'plain']);
    const rejected = toNodes([step(0, 1), step(1, 2), step(1, 0)]);
    expect(lineStyle(rejected, 1)).toBe('next');
    const ended = toNodes([step(0, 1), step(1, 2)]);
    expect(nextPendingIndex(ended)).toBe(-1);
  });

  it('shows the first group member and collapses approvers beyond two', () => {
    const g = step(1, 0, { taskType: 2, groupUserList: ['甲', '乙', '丙', '丁'].map((userName) => ({ userName, userCode: userName })) });
    const [node] = toNodes([g]);
    expect(node?.people[0]).toBe('甲');
    expect(splitPeople(node?.people ?? [])).toEqual({ shown: ['甲', '乙'], hidden: ['丙', '丁'] });
  });

  it('formats dates as YY-MM-DD', () => {
    expect(shortDate(new Date(2026, 0, 5, 10).toISOString())).toBe('26-01-05');
    expect(shortDate('')).toBe('');
    expect(shortDate('nonsense')).toBe('');
  });
});
