import { type RequestDetail, type RequestField, readableRequestValue, requestFieldsOf } from '@erp/contract/modules/bpm';
import type { FileEntry } from '@erp/contract/modules/file';
import { DatePicker, Descriptions, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../components/file-upload';
import { requestFieldRules } from './request-rules';
import '../bpm-texts';
import { minuteText } from '../../../components/format/time';

/** What the form holds while editing: dates as dayjs, files as entries. */
export type RequestFormValues = Record<string, string | number | Dayjs | FileEntry[] | null | undefined>;

/** The start form of a process, from its declaration in the contract (`only`: just these fields). */
export function RequestFormItems({ processKey, only }: { processKey: string; only?: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <>
      {requestFieldsOf(processKey)
        .filter((f) => !only || only.includes(f.name))
        .map((f) => {
          const message = t(f.kind === 'select' ? 'bpm.fieldChoose' : f.kind === 'files' ? 'bpm.fieldUpload' : 'bpm.fieldRequired', { label: f.label });
          const rules = requestFieldRules(f, message);
          return (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.label}
              extra={f.hint}
              rules={rules}
              dependencies={f.name === 'endDate' ? ['startDate'] : undefined}
              valuePropName={f.kind === 'files' ? 'value' : undefined}
            >
              {input(f)}
            </Form.Item>
          );
        })}
    </>
  );
}

function input(f: RequestField) {
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={f.max} />;
    case 'select':
      return <Select options={(f.options ?? []).map(([value, label]) => ({ value, label }))} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} />;
    case 'number':
      return <InputNumber min={f.min} max={f.max} step={f.step} suffix={f.unit} style={{ width: '100%' }} />;
    case 'files':
      return <FileUpload moduleName="bpm" functionName="request" deleteOnServer={false} />;
    default:
      return <Input maxLength={f.max} />;
  }
}

/** The form as the engine keeps it: dates as YYYY-MM-DD, files as ids; empty fields left out. */
export function requestPayload(processKey: string, values: RequestFormValues): Record<string, string | number | number[]> {
  const out: Record<string, string | number | number[]> = {};
  for (const f of requestFieldsOf(processKey)) {
    const v = values[f.name];
    if (v === undefined || v === null || v === '') continue;
    if (f.kind === 'files') {
      const ids = (v as FileEntry[]).map((e) => e.id);
      if (ids.length) out[f.name] = ids;
    } else if (f.kind === 'date') out[f.name] = dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : String(v);
    else if (f.kind === 'number') out[f.name] = Number(v);
    else out[f.name] = typeof v === 'string' ? v.trim() : String(v);
  }
  return out;
}

/** The reverse of `requestPayload` for the fields that are not attachments: stored values as the form edits them. */
export function requestFormValues(processKey: string, form: Record<string, unknown>, only?: readonly string[]): RequestFormValues {
  const out: RequestFormValues = {};
  for (const f of requestFieldsOf(processKey)) {
    if (f.kind === 'files' || (only && !only.includes(f.name))) continue;
    const v = form[f.name];
    if (v === undefined || v === null) continue;
    out[f.name] = f.kind === 'date' ? dayjs(String(v)) : f.kind === 'number' ? Number(v) : String(v);
  }
  return out;
}

/** What a request asks, as text: title, applicant, each field and the attachments (preview and download). */
export function RequestSummary({ detail }: { detail: RequestDetail }) {
  const { t } = useTranslation();
  const fields = requestFieldsOf(detail.processKey).filter((f) => f.kind !== 'files');
  return (
    <section aria-label={detail.title} data-testid="request-summary">
      <h3 style={{ margin: '0 0 12px', fontSize: 16 }}>{detail.title}</h3>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('bpm.applicant')}>{`${detail.initiatorName}（${detail.initiatorCode}）`}</Descriptions.Item>
        <Descriptions.Item label={t('bpm.applicantOrg')}>{detail.initiatorOrg ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('bpm.startTime')}>{minuteText(detail.startTime)}</Descriptions.Item>
        <Descriptions.Item label={t('bpm.colProcess')}>{detail.processName}</Descriptions.Item>
        {fields.map((f) => (
          <Descriptions.Item key={f.name} label={f.label} span={f.kind === 'textarea' ? 2 : 1}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{readableRequestValue(f, detail.form[f.name])}</span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('bpm.attachments')} span={2}>
          {detail.files.length ? <FileUpload value={detail.files} readOnly /> : t('bpm.noAttachment')}
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
}
