import type { FlowData } from '@erp/contract/modules/bpm';
import { CHANGE_TYPE, type MoveRecord, type OnboardingRecord, QUIT_KIND, type QuitRecord, type RenewalRecord } from '@erp/contract/modules/lifecycle';

/** A lifecycle document as its detail call answers it, tagged by kind. */
export type Loaded =
  | { kind: 'move'; record: MoveRecord; flow: FlowData }
  | { kind: 'quit'; record: QuitRecord; flow: FlowData }
  | { kind: 'renewal'; record: RenewalRecord; flow: FlowData }
  | { kind: 'onboarding'; record: OnboardingRecord; info: Record<string, unknown>; flow: FlowData | null };

/** The title key (lifecycle.title.*) of a loaded document. */
export function titleOf(loaded: Loaded): string {
  switch (loaded.kind) {
    case 'move':
      return loaded.record.changeType === CHANGE_TYPE.adjustment ? 'adjustment' : 'transfer';
    case 'quit':
      return loaded.record.quitKind === QUIT_KIND.apply ? 'quitApply' : 'quit';
    case 'renewal':
      return 'renewal';
    case 'onboarding':
      return 'induction';
  }
}

// Correcting a request sent back to its applicant (instance/againSubmit takes these fields)

export type ResubmitValues = Record<string, string | number | null | undefined>;

/** What the applicant may correct, filled from the document; null when nothing is editable (onboarding). */
export function resubmitInitial(loaded: Loaded): ResubmitValues | null {
  switch (loaded.kind) {
    case 'move':
      return {
        effectiveDate: loaded.record.effectiveDate,
        toPositionName: loaded.record.toPositionName,
        toSalary: loaded.record.toSalary,
        reason: loaded.record.reason,
      };
    case 'quit':
      return { lastWorkDate: loaded.record.lastWorkDate, reason: loaded.record.reason, handoverNote: loaded.record.handoverNote };
    case 'renewal':
      return { newStartDate: loaded.record.newStartDate, newEndDate: loaded.record.newEndDate, remark: loaded.record.remark };
    case 'onboarding':
      return null;
  }
}

/** The form sent with againSubmit: blanks left out, so a field cleared by mistake keeps its value. */
export function resubmitPayload(values: ResubmitValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'string' && !v.trim() && k !== 'handoverNote' && k !== 'remark') continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}
