import type { CallDefinition, RequestOf } from '@erp/contract/define';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { api, type ResultOf } from '../../app/api/client';

export interface SettingsDialogProps<L extends CallDefinition, S extends CallDefinition> {
  title: string;
  /** The form's name (its fields' ids). */
  name: string;
  /** Query key of the settings; everything under its first two parts is read again after a save. */
  queryKey: readonly string[];
  load: L;
  save: S;
  savedText: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * A company setting edited in a dialog: read with `load`, the form filled with it, saved with `save`
 * (the form's values are its request), a toast, the screen's queries read again, closed.
 */
export function SettingsDialog<L extends CallDefinition, S extends CallDefinition>(props: SettingsDialogProps<L, S>) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<RequestOf<S>>();
  const settings = useQuery({ queryKey: props.queryKey, queryFn: () => api(props.load, {} as RequestOf<L>) as Promise<ResultOf<L>> });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api(props.save, values);
      message.success(props.savedText);
      await client.invalidateQueries({ queryKey: props.queryKey.slice(0, 2) });
      props.onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={props.title} onCancel={props.onClose} onOk={save} okButtonProps={{ loading: busy, disabled: settings.isLoading }}>
      {settings.data && (
        <Form form={form} layout="vertical" name={props.name} initialValues={settings.data as object}>
          {props.children}
        </Form>
      )}
    </Modal>
  );
}
