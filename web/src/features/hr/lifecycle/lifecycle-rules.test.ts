import type { FlowData } from '@erp/contract/modules/bpm';
import type { MoveRecord, OnboardingRecord, QuitRecord } from '@erp/contract/modules/lifecycle';
import { describe, expect, it } from 'vitest';
import { type Loaded, resubmitInitial, resubmitPayload, titleOf } from './lifecycle-rules';

const flow = {} as FlowData;
const move = (changeType: string): Loaded => ({
  kind: 'move',
  flow,
  record: { changeType, effectiveDate: '2026-03-01', toPositionName: '会计', toSalary: 9000, reason: '业务调整' } as MoveRecord,
});
const quit = (quitKind: string): Loaded => ({
  kind: 'quit',
  flow,
  record: { quitKind, lastWorkDate: '2026-04-30', reason: '个人发展', handoverNote: null } as QuitRecord,
});

describe('lifecycle detail rules', () => {
  it('titles a document by what it is, not by the process it came through', () => {
    expect(titleOf(move('003'))).toBe('transfer');
    expect(titleOf(move('004'))).toBe('adjustment');
    expect(titleOf(quit('apply'))).toBe('quitApply');
    expect(titleOf(quit('dismiss'))).toBe('quit');
    expect(titleOf({ kind: 'onboarding', flow: null, info: {}, record: {} as OnboardingRecord })).toBe('induction');
  });

  it('offers exactly the fields instance/againSubmit accepts for each kind, and none for an onboarding', () => {
    expect(Object.keys(resubmitInitial(move('004')) ?? {}).sort()).toEqual(['effectiveDate', 'reason', 'toPositionName', 'toSalary']);
    expect(resubmitInitial(quit('apply'))).toEqual({ lastWorkDate: '2026-04-30', reason: '个人发展', handoverNote: null });
    expect(resubmitInitial({ kind: 'onboarding', flow: null, info: {}, record: {} as OnboardingRecord })).toBeNull();
  });

  it('sends trimmed values and leaves out blanks, except notes that may be cleared on purpose', () => {
    expect(resubmitPayload({ effectiveDate: '2026-03-02', toPositionName: '  ', toSalary: null, reason: ' 调整 ', extra: undefined })).toEqual({
      effectiveDate: '2026-03-02',
      reason: '调整',
    });
    expect(resubmitPayload({ handoverNote: '', remark: ' ' })).toEqual({ handoverNote: '', remark: '' });
    expect(resubmitPayload({ toSalary: 0 })).toEqual({ toSalary: 0 });
  });
});
