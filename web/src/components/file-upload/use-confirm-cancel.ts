import { App } from 'antd';
import { UPLOAD_TEXT } from './upload-rules';

/** Cancelling a form with changes asks "是否确认取消？" first (spec 000 §5); without changes it closes at once. */
export function useConfirmCancel(): (dirty: boolean, cancel: () => void) => void {
  const { modal } = App.useApp();
  return (dirty, cancel) => {
    if (!dirty) {
      cancel();
      return;
    }
    modal.confirm({ title: UPLOAD_TEXT.confirmCancel, onOk: cancel });
  };
}
