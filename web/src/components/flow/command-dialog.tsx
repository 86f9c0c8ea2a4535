import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useFormDialog } from '../resource/use-form-dialog';

export interface CommandDialogProps<V> {
  open: boolean;
  title: ReactNode;
  okText: string;
  /** A red OK button (reject). */
  danger?: boolean;
  width?: number;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  /** Sends the command; a rejection keeps the dialog open (the API client has shown the server's message). */
  onSubmit(values: V): Promise<unknown>;
  onClose(): void;
  /** The form's items. */
  children: ReactNode;
}

/**
 * What the dialogs of an approval command (sign off, transfer, add a signer, send back) do alike: the
 * form validated before sending and one submission at a time (useFormDialog: a double click sends
 * once), cancel disabled while it is on its way and without a "discard changes?" question, the dialog
 * closed and cleared after success.
 */
export function CommandDialog<V>({ open, title, okText, danger, width, form, initialValues, onSubmit, onClose, children }: CommandDialogProps<V>) {
  const { submit, saving } = useFormDialog({ form, save: onSubmit, onSaved: () => form.resetFields(), onClose });
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: saving }}
      cancelButtonProps={{ disabled: saving }}
      onOk={submit}
      onCancel={() => !saving && onClose()}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
