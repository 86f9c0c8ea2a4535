export { FlowSteps, type FlowStepsProps } from './flow-steps';
export { SIGN_OFF_MAX, SIGN_OFF_REQUIRED, SignOffDialog, type SignOffDialogProps } from './sign-off-dialog';
export { TRANSFER_REASON_MAX, TransferDialog, type TransferDialogProps } from './transfer-dialog';
