import { TAG_COLORS } from '@erp/contract/modules/base';
import { type FieldMeta, fieldsOf, type ResourceMeta } from '@erp/contract/resource';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OrgTreeSelect, UserSelect } from './pickers';
import './resource-texts';
import { checkField, type RequestSchema } from '@erp/contract/form-rules';
import { useDictOptions } from './use-dict';
import { useFormDialog } from './use-form-dialog';
import { DateField, FileGroupField } from './value-inputs';

type Row = Record<string, unknown>;

function DictField({ codeType, ...rest }: { codeType: string; value?: unknown; onChange?: (v: unknown) => void; disabled?: boolean }) {
  const { data, isLoading } = useDictOptions(codeType);
  return <Select allowClear loading={isLoading} options={(data ?? []).map((o) => ({ value: o.code, label: o.codeName }))} {...rest} />;
}

/** The input for one field, chosen by its value type. Form.Item's value/onChange (and id) pass through. */
export function FieldInput({
  field,
  disabled,
  ...bound
}: {
  field: FieldMeta;
  disabled?: boolean;
  value?: never;
  onChange?: never;
  id?: string;
  checked?: never;
}): ReactNode {
  if (field.dict) return <DictField codeType={field.dict} disabled={disabled} {...bound} />;
  switch (field.valueType) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={field.max} showCount={Boolean(field.max)} disabled={disabled} {...bound} />;
    case 'number':
    case 'money':
      return <InputNumber style={{ width: '100%' }} disabled={disabled} {...bound} />;
    case 'boolean':
      return <Switch disabled={disabled} {...bound} />;
    case 'date':
      return <DateField disabled={disabled} {...bound} />;
    case 'file':
      return <FileGroupField disabled={disabled} {...bound} />;
    case 'org':
      return <OrgTreeSelect disabled={disabled} {...bound} />;
    case 'user':
      return <UserSelect disabled={disabled} {...bound} />;
    case 'password':
      return <Input.Password maxLength={field.max ?? 64} autoComplete="new-password" disabled={disabled} {...bound} />;
    case 'color':
      return <Select allowClear options={TAG_COLORS.map((c) => ({ value: c, label: c }))} disabled={disabled} {...bound} />;
    default:
      return <Input maxLength={field.max} disabled={disabled} {...bound} />;
  }
}

export function rulesOf(field: FieldMeta, label: string, en: boolean): Rule[] {
  const rules: Rule[] = [];
  const isText = field.valueType === undefined || field.valueType === 'text' || field.valueType === 'textarea';
  // Only text rules may carry `whitespace`: any extra key makes async-validator check the value as a string.
  if (field.required)
    rules.push(
      isText
        ? { required: true, whitespace: true, message: en ? `Please enter ${label}` : `请输入${label}` }
        : { required: true, message: en ? `Please choose ${label}` : `请选择${label}` },
    );
  if (field.max && isText) rules.push({ max: field.max, message: en ? `${label}: at most ${field.max} characters` : `${label}不能超过${field.max}个字符` });
  return rules;
}

/** Rules of a required text field with at most `max` characters, with the generated forms' messages (请输入…, …不能超过N个字符). */
export const requiredText = (label: string, max: number, en = false): Rule[] => rulesOf({ label, required: true, max }, label, en);

export interface ResourceFormProps<R extends Row> {
  meta: ResourceMeta<R>;
  open: boolean;
  title: string;
  /** The record being edited (immutable fields are then read-only), or null to create. */
  record: Partial<R> | null;
  /** Values a new record starts with. */
  defaults?: Row;
  /** Saves; a rejected promise keeps the dialog open (the error toast is shown by the client). */
  onSubmit(values: Row): Promise<unknown>;
  onClose(): void;
  /** Fields beyond the metadata (e.g. an initial password), placed after the generated ones. */
  extra?: ReactNode;
  /** Leave out these fields. */
  omit?: string[];
  width?: number;
  /** The toast after a save, from the save's answer (default "保存成功"); null for none. */
  savedText?: (result: unknown) => string | null;
  /**
   * The save call's request schema: each text field is also checked by its rule there as the user
   * leaves it (issue 39), the message under the field. `schemaPath` is where the form's values sit
   * in the request (`['data']` for a record section's `{ employeeId, data }`).
   */
  schema?: RequestSchema;
  schemaPath?: string[];
}

/** The contract's rule of one text field as an antd rule, checked when the field is left. */
export function contractRule(schema: RequestSchema, path: string[]): Rule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value) => {
      if (typeof value !== 'string') return;
      const message = checkField(schema, path, value.trim() === '' ? '' : value);
      if (message) throw new Error(message);
    },
  };
}

/**
 * Add/edit dialog from a resource's metadata: one input per form field, required and length
 * rules with messages, immutable codes read-only when editing, double submit blocked, and
 * "是否确认取消？" before closing with unsaved changes.
 */
export function ResourceForm<R extends Row>(props: ResourceFormProps<R>) {
  const [form] = Form.useForm<Row>();
  const { message } = App.useApp();
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const editing = props.record !== null;
  const fields = fieldsOf(props.meta).filter(([k, f]) => !f.hideInForm && !props.omit?.includes(k));

  // Filled once per opening: screens pass `defaults` inline, so it must not re-trigger this on every render.
  const initial = useRef<Row>({});
  initial.current = { ...props.defaults, ...(props.record ?? {}) };
  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    form.setFieldsValue(initial.current);
  }, [props.open, form]);

  const dialog = useFormDialog({
    form,
    save: (values: Row) => props.onSubmit(values),
    onSaved: (result) => {
      const text = props.savedText ? props.savedText(result) : t('resource.saved');
      if (text) message.success(text);
    },
    onClose: props.onClose,
  });

  return (
    <Modal open={props.open} title={props.title} {...dialog.modalProps} width={props.width ?? 560}>
      <Form form={form} name={`${props.meta.name}-form`} layout="vertical" preserve={false} onFinish={dialog.submit}>
        {fields.map(([name, field]) => {
          const label = en ? (field.labelEn ?? field.label) : field.label;
          return (
            <Form.Item
              key={name}
              name={name}
              label={label}
              rules={props.schema ? [...rulesOf(field, label, en), contractRule(props.schema, [...(props.schemaPath ?? []), name])] : rulesOf(field, label, en)}
              validateTrigger={props.schema ? ['onChange', 'onBlur'] : undefined}
              valuePropName={field.valueType === 'boolean' ? 'checked' : 'value'}
            >
              <FieldInput field={field} disabled={editing && field.immutable} />
            </Form.Item>
          );
        })}
        {props.extra}
      </Form>
    </Modal>
  );
}
