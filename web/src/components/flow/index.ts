export { ADD_SIGNER_REASON_MAX, AddSignerDialog, type AddSignerDialogProps, type AddSignerValues } from './add-signer-dialog';
export { CommandDialog, type CommandDialogProps } from './command-dialog';
export { FlowSteps, type FlowStepsProps } from './flow-steps';
export { PersonSelect, personLabel } from './person-select';
export { SIGN_OFF_MAX, SIGN_OFF_REQUIRED, SignOffDialog, type SignOffDialogProps } from './sign-off-dialog';
export { TRANSFER_REASON_MAX, TransferDialog, type TransferDialogProps } from './transfer-dialog';
export { usePeople } from './use-people';
