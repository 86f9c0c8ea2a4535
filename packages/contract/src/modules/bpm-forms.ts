/**
 * The forms of the general requests (通用申请, 请假, 用章/用印): one declaration gives the start
 * dialog its fields, the server its check, and the request dialog the readable text an approver
 * sees. The route of each is a process definition deployed on first start and editable in the
 * designer; a process drawn in the designer without a form here gets the general form.
 */

export type RequestFieldKind = 'text' | 'textarea' | 'select' | 'date' | 'number' | 'files';

export interface RequestField {
  name: string;
  label: string;
  kind: RequestFieldKind;
  required?: boolean;
  /** select: [value, label] pairs. */
  options?: ReadonlyArray<readonly [string, string]>;
  /** text/textarea: maximum length; number: maximum value. */
  max?: number;
  /** number: minimum value. */
  min?: number;
  /** number: the step (0.5 for half days). */
  step?: number;
  /** number: the unit shown after the value (天, 份). */
  unit?: string;
  /** Shown under the field. */
  hint?: string;
}

export interface RequestForm {
  processKey: string;
  name: string;
  fields: readonly RequestField[];
}

const attachments = (required = false, hint?: string): RequestField => ({ name: 'attachments', label: '附件', kind: 'files', required, hint });

export const GENERAL_REQUEST_KEY = 'General_Request';
export const LEAVE_REQUEST_KEY = 'Leave_Process';
export const SEAL_REQUEST_KEY = 'Seal_Process';

export const LEAVE_TYPES = [
  ['001', '年假'],
  ['002', '事假'],
  ['003', '病假'],
  ['004', '调休'],
  ['005', '婚假'],
  ['006', '产假'],
  ['007', '陪产假'],
  ['008', '丧假'],
] as const;

export const SEAL_TYPES = [
  ['001', '公章'],
  ['002', '合同专用章'],
  ['003', '财务专用章'],
  ['004', '法定代表人章'],
  ['005', '人事专用章'],
] as const;

const YES_NO = [
  ['001', '是'],
  ['002', '否'],
] as const;

const GENERAL_FIELDS: readonly RequestField[] = [{ name: 'content', label: '申请内容', kind: 'textarea', required: true, max: 1000 }, attachments()];

export const REQUEST_FORMS: Readonly<Record<string, RequestForm>> = {
  [GENERAL_REQUEST_KEY]: { processKey: GENERAL_REQUEST_KEY, name: '通用申请', fields: GENERAL_FIELDS },
  [LEAVE_REQUEST_KEY]: {
    processKey: LEAVE_REQUEST_KEY,
    name: '请假申请',
    fields: [
      { name: 'leaveType', label: '请假类型', kind: 'select', required: true, options: LEAVE_TYPES },
      { name: 'startDate', label: '开始日期', kind: 'date', required: true },
      { name: 'endDate', label: '结束日期', kind: 'date', required: true },
      { name: 'days', label: '请假天数', kind: 'number', required: true, min: 0.5, max: 365, step: 0.5, unit: '天', hint: '超过3天需人力资源审批' },
      { name: 'reason', label: '请假事由', kind: 'textarea', required: true, max: 500 },
      attachments(false, '病假请附医院证明'),
    ],
  },
  [SEAL_REQUEST_KEY]: {
    processKey: SEAL_REQUEST_KEY,
    name: '用印申请',
    fields: [
      { name: 'sealType', label: '印章类型', kind: 'select', required: true, options: SEAL_TYPES, hint: '财务专用章需财务审批' },
      { name: 'documentName', label: '用印文件名称', kind: 'text', required: true, max: 100 },
      { name: 'copies', label: '用印份数', kind: 'number', required: true, min: 1, max: 1000, step: 1, unit: '份' },
      { name: 'useDate', label: '用印日期', kind: 'date', required: true },
      { name: 'takeOut', label: '是否外带', kind: 'select', required: true, options: YES_NO },
      { name: 'reason', label: '用印事由', kind: 'textarea', required: true, max: 500 },
      attachments(true, '请上传待用印文件'),
    ],
  },
};

/** The fields of a process's start form: its own, else the general form. */
export function requestFieldsOf(processKey: string): readonly RequestField[] {
  return REQUEST_FORMS[processKey]?.fields ?? GENERAL_FIELDS;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const validDate = (v: string) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** File ids of a form's attachment fields. */
export function requestFileIds(fields: readonly RequestField[], form: Record<string, unknown>): number[] {
  const ids: number[] = [];
  for (const f of fields) {
    const v = form[f.name];
    if (f.kind === 'files' && Array.isArray(v)) for (const id of v) if (typeof id === 'number') ids.push(id);
  }
  return ids;
}

export interface RequestFieldError {
  field: string;
  message: string;
}

/**
 * Checks a start form against its fields (the server's check; the dialog checks the same before
 * sending). Answers the errors, each naming the field; fields not declared are refused. `loose`
 * (a process drawn in the designer without a declared form): only the types of the general
 * fields are checked, other variables pass to the engine's conditions.
 */
export function checkRequestForm(fields: readonly RequestField[], form: Record<string, unknown>, opts: { loose?: boolean } = {}): RequestFieldError[] {
  const errors: RequestFieldError[] = [];
  const known = new Set(fields.map((f) => f.name));
  if (!opts.loose) for (const key of Object.keys(form)) if (!known.has(key)) errors.push({ field: key, message: `不支持的字段 ${key}` });
  for (const f of fields) {
    const v = form[f.name];
    const fail = (message: string) => errors.push({ field: f.name, message: `${f.label}${message}` });
    if (isEmpty(v)) {
      if (f.required && !opts.loose) fail(f.kind === 'files' ? '：请上传文件' : f.kind === 'select' ? '：请选择' : '：请填写');
      continue;
    }
    switch (f.kind) {
      case 'text':
      case 'textarea':
        if (typeof v !== 'string') fail('：应为文本');
        else if (f.required && !opts.loose && !v.trim()) fail('：请填写');
        else if (f.max && v.length > f.max) fail(`：最多${f.max}个字符`);
        break;
      case 'select':
        if (typeof v !== 'string' || !f.options?.some(([value]) => value === v)) fail('：请选择列表中的值');
        break;
      case 'date':
        if (typeof v !== 'string' || !validDate(v)) fail('：日期格式应为 YYYY-MM-DD');
        break;
      case 'number': {
        if (typeof v !== 'number' || !Number.isFinite(v)) fail('：应为数字');
        else if (f.min !== undefined && v < f.min) fail(`：不能小于${f.min}`);
        else if (f.max !== undefined && v > f.max) fail(`：不能大于${f.max}`);
        else if (f.step && Math.abs(Math.round(v / f.step) * f.step - v) > 1e-9) fail(`：须为${f.step}的整数倍`);
        break;
      }
      case 'files':
        if (!Array.isArray(v) || v.some((id) => typeof id !== 'number' || !Number.isInteger(id) || id <= 0)) fail('：附件无效');
        else if (v.length > 10) fail('：最多可上传10个文件！');
        break;
    }
  }
  const start = form.startDate;
  const end = form.endDate;
  if (
    known.has('startDate') &&
    known.has('endDate') &&
    typeof start === 'string' &&
    typeof end === 'string' &&
    validDate(start) &&
    validDate(end) &&
    end < start
  )
    errors.push({ field: 'endDate', message: '结束日期不能早于开始日期' });
  return errors;
}

/** A field's value as text an approver reads (labels of choices, units, dates as entered). */
export function readableRequestValue(field: RequestField, value: unknown): string {
  if (isEmpty(value)) return '—';
  switch (field.kind) {
    case 'select':
      return field.options?.find(([v]) => v === value)?.[1] ?? String(value);
    case 'number':
      return `${String(value)}${field.unit ? ` ${field.unit}` : ''}`;
    case 'files':
      return Array.isArray(value) ? `${value.length} 个文件` : '—';
    default:
      return String(value);
  }
}
