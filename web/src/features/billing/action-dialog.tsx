import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useFormDialog } from '../../components/resource';

/** A small form in a dialog whose OK runs one call (validation, one save at a time, cancel confirmation). */
export function ActionDialog<V extends object>(props: {
  open: boolean;
  title: string;
  name: string;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  save(values: V): Promise<unknown>;
  onDone(): void;
  onClose(): void;
  children: ReactNode;
  width?: number;
}) {
  const { modalProps } = useFormDialog<V, unknown>({ form: props.form, save: props.save, onSaved: props.onDone, onClose: props.onClose });
  return (
    <Modal open={props.open} title={props.title} width={props.width ?? 520} {...modalProps}>
      <Form form={props.form} name={props.name} layout="vertical" initialValues={props.initialValues} preserve={false}>
        {props.children}
      </Form>
    </Modal>
  );
}
