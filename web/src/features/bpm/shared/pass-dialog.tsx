import type { RequestDetail } from '@erp/contract/modules/bpm';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommandDialog, PersonSelect, SIGN_OFF_MAX } from '../../../components/flow';
import { RequestFormItems, type RequestFormValues, requestFormValues, requestPayload } from './request-fields';

export const CC_MAX = 20;

export interface PassValues {
  message: string;
  ccUserCodes: string[];
  /** Only the editable fields whose value changed. */
  form?: Record<string, string | number | number[]>;
}

type Values = RequestFormValues & { message?: string; ccUserCodes?: string[] };

/**
 * Passing my task: an optional sign-off message, people I copy the request to, and — when my node
 * declares them editable and the request is a general one — its editable fields, sent only if changed.
 */
export function PassDialog({
  open,
  editableFields,
  detail,
  allowCc,
  onSubmit,
  onClose,
}: {
  open: boolean;
  /** Fields my node lets me change (task/options). */
  editableFields: readonly string[];
  /** The general request's form; without it no field is offered. */
  detail?: RequestDetail;
  /** A delegate only hands the task back: no copies. */
  allowCc: boolean;
  onSubmit(values: PassValues): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editable = detail && editableFields.length ? editableFields : [];
  const initial = detail ? requestFormValues(detail.processKey, detail.form, editable) : {};
  const submit = (v: Values) => {
    let changed: PassValues['form'];
    if (detail && editable.length) {
      const now = requestPayload(detail.processKey, v);
      const before = requestPayload(detail.processKey, initial);
      for (const name of editable) {
        const value = now[name];
        if (value !== undefined && JSON.stringify(value) !== JSON.stringify(before[name])) changed = { ...changed, [name]: value };
      }
    }
    return onSubmit({ message: (v.message ?? '').trim(), ccUserCodes: v.ccUserCodes ?? [], form: changed });
  };
  return (
    <CommandDialog open={open} title={t('flow.passTitle')} okText={t('flow.pass')} form={form} initialValues={initial} onSubmit={submit} onClose={onClose}>
      {detail && editable.length > 0 && (
        <>
          <Alert type="info" showIcon message={t('flow.editableHint')} style={{ marginBottom: 12 }} />
          <RequestFormItems processKey={detail.processKey} only={editable} />
        </>
      )}
      <Form.Item name="message" label={t('flow.signLabel')} rules={[{ max: SIGN_OFF_MAX, message: t('flow.signMax') }]}>
        <Input.TextArea rows={4} maxLength={SIGN_OFF_MAX} showCount placeholder={t('flow.signRequired')} />
      </Form.Item>
      {allowCc && (
        <Form.Item name="ccUserCodes" label={t('flow.ccPeople')} rules={[{ type: 'array', max: CC_MAX, message: t('flow.ccMax') }]}>
          <PersonSelect multiple maxCount={CC_MAX} placeholder={t('flow.ccPlaceholder')} testId="pass-cc" />
        </Form.Item>
      )}
    </CommandDialog>
  );
}
