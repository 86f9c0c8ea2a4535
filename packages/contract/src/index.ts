import type { CallDefinition, CallGroup } from './define';
import { adviceCalls } from './modules/advice';
import { assetCalls } from './modules/assets';
import { authCalls } from './modules/auth';
import { baseCalls } from './modules/base';
import { bpmCalls } from './modules/bpm';
import { bpmAnalyticsCalls } from './modules/bpm-analytics';
import { cardCalls } from './modules/card';
import { certificateCalls } from './modules/certificate';
import { controlsCalls } from './modules/controls';
import { employeeCalls, outerChainCalls } from './modules/employee';
import { expiryCalls } from './modules/expiry';
import { fileCalls } from './modules/file';
import { filePreviewCalls } from './modules/file-preview';
import { financeCalls } from './modules/finance';
import { financeBillingCalls } from './modules/finance-billing';
import { financePeriodCalls } from './modules/finance-period';
import { financeProjectCalls } from './modules/finance-project';
import { greetingCalls } from './modules/greeting';
import { handoverCalls } from './modules/handover';
import { helpCalls } from './modules/help';
import { historyCalls } from './modules/history';
import { functionHourCalls, functionReportCalls, leaveCalls, manHourCalls, postStandardCalls } from './modules/hours-pay';
import { hrCalls } from './modules/hr';
import { contractArchiveDocumentCalls, contractSealDocumentCalls, hrDocumentCalls } from './modules/hr-documents';
import { lifecycleCalls } from './modules/lifecycle';
import { msgCalls } from './modules/msg';
import { positionCalls } from './modules/position';
import { privacyCalls } from './modules/privacy';
import { recruitCalls } from './modules/recruit';
import { personInvoiceCalls, reimburseCalls } from './modules/reimburse';
import { reportCalls } from './modules/report';
import { loanCalls, payAccessionCalls, payrollCalls, salaryCalls } from './modules/salary';
import { signatureCalls } from './modules/signature';
import { systemCalls } from './modules/system';
import { workOrderCalls } from './modules/work-order';

export * from './common';
export * from './define';
export * from './document';
export * from './identity';
export * from './modules/advice';
export * from './modules/assets';
export * from './modules/auth';
export * from './modules/base';
export * from './modules/bpm';
export * from './modules/bpm-analytics';
export * from './modules/card';
export * from './modules/certificate';
export * from './modules/controls';
export * from './modules/employee';
export * from './modules/expiry';
export * from './modules/file';
export * from './modules/file-preview';
export * from './modules/finance';
export * from './modules/finance-billing';
export * from './modules/finance-period';
export * from './modules/finance-project';
export * from './modules/greeting';
export * from './modules/handover';
export * from './modules/help';
export * from './modules/history';
export * from './modules/hours-pay';
export * from './modules/hr';
export * from './modules/hr-documents';
export * from './modules/lifecycle';
export * from './modules/msg';
export * from './modules/position';
export * from './modules/privacy';
export * from './modules/recruit';
export * from './modules/reimburse';
export * from './modules/report';
export * from './modules/salary';
export * from './modules/signature';
export * from './modules/system';
export * from './modules/work-order';
export * from './money';
export * from './permissions';
export * from './resource';

/**
 * Every call of the product, grouped by module. The server registers a route for each,
 * the web client is typed from them and the OpenAPI document is generated from them.
 * Add a module's group here (one line) when the module is created.
 */
export const callGroups = {
  system: systemCalls,
  auth: authCalls,
  base: baseCalls,
  bpm: bpmCalls,
  hr: hrCalls,
  lifecycle: lifecycleCalls,
  expiry: expiryCalls,
  hrDocuments: hrDocumentCalls,
  contractSeal: contractSealDocumentCalls,
  contractArchive: contractArchiveDocumentCalls,
  handover: handoverCalls,
  employee: employeeCalls,
  outerChain: outerChainCalls,
  msg: msgCalls,
  file: fileCalls,
  greeting: greetingCalls,
  signature: signatureCalls,
  position: positionCalls,
  privacy: privacyCalls,
  controls: controlsCalls,
  finance: financeCalls,
  recruit: recruitCalls,
  financeProject: financeProjectCalls,
  financeBilling: financeBillingCalls,
  financePeriod: financePeriodCalls,
  functionHour: functionHourCalls,
  manHour: manHourCalls,
  postStandard: postStandardCalls,
  leave: leaveCalls,
  functionReport: functionReportCalls,
  assets: assetCalls,
  certificate: certificateCalls,
  advice: adviceCalls,
  workOrder: workOrderCalls,
  filePreview: filePreviewCalls,
  card: cardCalls,
  report: reportCalls,
  help: helpCalls,
  history: historyCalls,
  bpmAnalytics: bpmAnalyticsCalls,
  payroll: payrollCalls,
  salary: salaryCalls,
  payAccession: payAccessionCalls,
  loan: loanCalls,
  personInvoice: personInvoiceCalls,
  reimburse: reimburseCalls,
} satisfies Record<string, CallGroup>;

export type CallGroups = typeof callGroups;

export function allCalls(): Array<{ group: string; name: string; call: CallDefinition }> {
  return Object.entries(callGroups).flatMap(([group, calls]) => Object.entries(calls as CallGroup).map(([name, call]) => ({ group, name, call })));
}
