/**
 * The business-document states every approval-bound record shares (the server's document kernel),
 * and the code of each in the STATUS legend dictionary of spec 002 §4 (which carries the colour:
 * green passed, red failed, orange waiting, blue in progress, grey neutral).
 */
export const DOCUMENT_STATES = ['draft', 'approving', 'returned', 'passed', 'rejected', 'revoked'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export const DOCUMENT_STATUS_CODE: Record<DocumentState, string> = {
  draft: '052', // 草稿
  approving: '006', // 审批中
  returned: '005', // 待审批 (back with the applicant, waiting for them)
  passed: '001', // 已通过
  rejected: '003', // 已驳回
  revoked: '039', // 已作废
};

/** States in which a document is still in its approval: it may not be deleted or changed by others. */
export const OPEN_DOCUMENT_STATES: readonly DocumentState[] = ['approving', 'returned'];

export const DOCUMENT_MSG = {
  /** A resubmission carried fields the document does not take as corrections (they would route it). */
  notCorrectable: (fields: string) => `重新提交时不能修改：${fields}`,
} as const;
