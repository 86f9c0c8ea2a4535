import { useMutation } from '@tanstack/react-query';
import { App, type FormInstance, type ModalProps } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../app/api/field-errors';
import './resource-texts';

export interface FormDialogOptions<V, T> {
  form: FormInstance<V>;
  /** The call that saves; a rejection keeps the dialog open (the API client has shown the server's message). */
  save(values: V): Promise<T>;
  /** After a successful save, before the dialog closes (toast, refresh, hand the saved record up). */
  onSaved?(result: T, values: V): void;
  onClose(): void;
}

/**
 * What every add/edit dialog does alike: "是否确认取消？" before closing with changes, the form
 * validated before saving (an invalid form shows its own messages), one save at a time through
 * TanStack Query's useMutation, the dialog closed after a successful save. Spread `modalProps` on
 * the antd Modal.
 */
export function useFormDialog<V, T>(opts: FormDialogOptions<V, T>) {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  // Set before validation starts, so a double click cannot send twice before the button shows it is busy.
  const busy = useRef(false);
  const mutation = useMutation({
    mutationFn: opts.save,
    onSuccess: (result, values) => {
      opts.onSaved?.(result, values);
      opts.onClose();
    },
    // A refusal naming fields (a closed period, a date after today, a validation) shows under them too.
    onError: (err) => showFieldErrors(opts.form, err),
    onSettled: () => {
      busy.current = false;
    },
  });
  const close = () => {
    if (!opts.form.isFieldsTouched()) {
      opts.onClose();
      return;
    }
    modal.confirm({ title: t('resource.confirmCancel'), okText: t('resource.ok'), cancelText: t('resource.cancel'), onOk: opts.onClose });
  };
  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    const values = await opts.form.validateFields().catch(() => null);
    if (values) mutation.mutate(values);
    else busy.current = false;
  };
  const modalProps = {
    onCancel: close,
    onOk: submit,
    confirmLoading: mutation.isPending,
    okText: t('resource.ok'),
    cancelText: t('resource.cancel'),
    maskClosable: false,
    destroyOnHidden: true,
  } satisfies ModalProps;
  return { close, submit, saving: mutation.isPending, modalProps };
}
