export { ADD_SIGNER_REASON_MAX, AddSignerDialog, type AddSignerDialogProps, type AddSignerValues } from './add-signer-dialog';
export { CommandDialog, type CommandDialogProps } from './command-dialog';
export { DELEGATE_NOTE_MAX, DelegateDialog, type DelegateDialogProps, type DelegateValues } from './delegate-dialog';
export { FlowSteps, type FlowStepsProps } from './flow-steps';
export { PersonSelect, personLabel } from './person-select';
export { REMOVE_SIGNER_REASON_MAX, RemoveSignerDialog, type RemoveSignerDialogProps, type RemoveSignerValues } from './remove-signer-dialog';
export { SIGN_OFF_MAX, SIGN_OFF_REQUIRED, SignOffDialog, type SignOffDialogProps } from './sign-off-dialog';
export { TRANSFER_REASON_MAX, TransferDialog, type TransferDialogProps } from './transfer-dialog';
export { usePeople } from './use-people';
