import { useMutation } from '@tanstack/react-query';
import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useRef } from 'react';

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
 * form validated before sending, one submission at a time through useMutation (a double click sends
 * once), cancel disabled while it is on its way, the dialog closed and cleared after success.
 */
export function CommandDialog<V>({ open, title, okText, danger, width, form, initialValues, onSubmit, onClose, children }: CommandDialogProps<V>) {
  // Set before validation starts, so a double click cannot send twice before the button shows it is busy.
  const busy = useRef(false);
  const mutation = useMutation({
    mutationFn: onSubmit,
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
    onSettled: () => {
      busy.current = false;
    },
  });
  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    const values = await form.validateFields().catch(() => null);
    if (values) mutation.mutate(values);
    else busy.current = false;
  };
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: mutation.isPending }}
      cancelButtonProps={{ disabled: mutation.isPending }}
      onOk={submit}
      onCancel={() => !mutation.isPending && onClose()}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
