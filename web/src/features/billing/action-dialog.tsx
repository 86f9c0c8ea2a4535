import { Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { FormFrame, useFormDialog } from '../../components/resource';

/** A small form in a dialog (or, `asPage`, a page) whose OK runs one call (validation, one save at a time, cancel confirmation). */
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
  asPage?: boolean;
}) {
  const { modalProps } = useFormDialog<V, unknown>({ form: props.form, save: props.save, onSaved: props.onDone, onClose: props.onClose });
  return (
    <FormFrame asPage={props.asPage} title={props.title} width={props.width ?? 520} modalProps={{ ...modalProps, open: props.open }}>
      <Form form={props.form} name={props.name} layout="vertical" initialValues={props.initialValues} preserve={false}>
        {props.children}
      </Form>
    </FormFrame>
  );
}
