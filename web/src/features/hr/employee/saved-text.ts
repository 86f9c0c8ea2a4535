import type { SectionSaved } from '@erp/contract/modules/employee';

/** The toast after saving a section: saved, or sent to HR for approval with the request's number. */
export function savedText(result: unknown): string {
  const saved = result as SectionSaved | undefined;
  return saved?.pendingRequest ? `已提交人事审批（${saved.pendingRequest.documentNo}），审批通过后生效` : '保存成功';
}
