import { type ComponentType, lazy } from 'react';

/** How a process centre list opens a record: which list it came from decides the mode. */
export type RecordMode = 'start' | 'detail' | 'approve' | 'done' | 'closed' | 'cc';

export interface RecordDialogProps {
  open: boolean;
  mode: RecordMode;
  processInstanceId?: number | null;
  businessId?: string | null;
  onClose(): void;
  /** After a command succeeded (lists and badge refresh). */
  onDone?(): void;
}

/**
 * Business records open in their own dialog by process key; any other process uses the generic
 * request dialog. A business module adds one line here.
 */
const dialogs: Record<string, ComponentType<RecordDialogProps>> = {
  Positive_Process: lazy(() => import('../../hr/confirmation/confirmation-dialog')),
  Transfer_Process: lazy(() => import('../../hr/lifecycle/lifecycle-dialogs').then((m) => ({ default: m.TransferDialog }))),
  Quit_Process: lazy(() => import('../../hr/lifecycle/lifecycle-dialogs').then((m) => ({ default: m.QuitDialog }))),
  QuitApply_Process: lazy(() => import('../../hr/lifecycle/lifecycle-dialogs').then((m) => ({ default: m.QuitApplyDialog }))),
  Renewal_Process: lazy(() => import('../../hr/lifecycle/lifecycle-dialogs').then((m) => ({ default: m.RenewalDialog }))),
  Induction_Process: lazy(() => import('../../hr/lifecycle/lifecycle-dialogs').then((m) => ({ default: m.InductionDialog }))),
  EmployeeInfo_Process: lazy(() => import('../../hr/change-request/change-request-dialog')),
  TripleAgreement_Process: lazy(() => import('../../hr-documents/document-dialog').then((m) => ({ default: m.TripleDialog }))),
  Compensate_Process: lazy(() => import('../../hr-documents/document-dialog').then((m) => ({ default: m.CompensationDialog }))),
  Performance_Process: lazy(() => import('../../hr-documents/document-dialog').then((m) => ({ default: m.PerformanceDialog }))),
  ContractSeal_Process: lazy(() => import('../../hr-documents/document-dialog').then((m) => ({ default: m.ContractSealDialog }))),
  ContractArchive_Process: lazy(() => import('../../hr-documents/document-dialog').then((m) => ({ default: m.ContractArchiveDialog }))),
  AssetPurchase_Process: lazy(() => import('../../assets/asset-dialog').then((m) => ({ default: m.PurchaseDialog }))),
  AssetApply_Process: lazy(() => import('../../assets/asset-dialog').then((m) => ({ default: m.ApplyDialog }))),
  AssetInventory_Process: lazy(() => import('../../assets/asset-dialog').then((m) => ({ default: m.InventoryDialog }))),
  Certificate_Process: lazy(() => import('../../front/prove-dialog')),
  WorkOrder_Process: lazy(() => import('../../front/work-order-dialog')),
  BusinessCard_Process: lazy(() => import('../../front/card-dialog')),
  FinSettleBill_Process: lazy(() => import('../../billing/bill-approval-dialog')),
  ExpenseClaim_Process: lazy(() => import('../../reimburse/claim-approval-dialog')),
};
const GenericDialog = lazy(() => import('./request-dialog'));

export function dialogFor(processKey: string): ComponentType<RecordDialogProps> {
  return dialogs[processKey] ?? GenericDialog;
}
