export { FilePreview } from './file-preview';
export { FileUpload, type FileUploadProps } from './file-upload';
export { checkSelection, UPLOAD_TEXT } from './upload-rules';
export { useConfirmCancel } from './use-confirm-cancel';
