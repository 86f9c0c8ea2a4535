export { ADD_SIGNER_REASON_MAX, AddSignerDialog, type AddSignerDialogProps, type AddSignerValues } from './add-signer-dialog';
export { FlowSteps, type FlowStepsProps } from './flow-steps';
export { SIGN_OFF_MAX, SIGN_OFF_REQUIRED, SignOffDialog, type SignOffDialogProps } from './sign-off-dialog';
export { personLabel, TRANSFER_REASON_MAX, TransferDialog, type TransferDialogProps } from './transfer-dialog';
export { usePeople } from './use-people';
