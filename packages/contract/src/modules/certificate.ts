import { z } from 'zod';
import { id, isoDateTime, pageOf } from '../common';
import { defineCall } from '../define';
import { defineResourceMeta, pageRequest } from '../resource';
import { ZSignMessage } from './bpm';

/**
 * Employment and income certificates (/issueCertificate/index, issue 19): an employee asks, HR
 * approves on the document kernel, the approved certificate carries a verification code anyone can
 * check on the public page /certificateVerify. Model: docs/domain/assets-front.md.
 */

export const CERT_PERM = {
  /** Every request in the data scope (HR), not only one's own. */
  list: 'hr:prove:list',
} as const;
export const CERT_PROCESS_KEY = 'Certificate_Process';
/** CERTTYPE. */
export const CERT_TYPE = { employment: '001', income: '002' } as const;
/** Days a certificate is valid after it is issued. */
export const CERT_VALID_DAYS = 90;

export const CERT_MSG = {
  resigned: '该员工已离职，不能开具证明',
  noEmployee: '当前账号没有员工档案，不能开具证明',
  unknownCode: '证明编号不存在，请核对后重试',
  expired: '该证明已超过有效期',
  openRequest: '已有同类证明在审批中，请勿重复申请',
  noSalary: '员工档案没有薪资信息，不能开具收入证明',
  notIssued: '证明尚未开具',
} as const;

export const ZProveRecord = z.object({
  id: z.number().int(),
  documentNo: z.string(),
  state: z.string(),
  status: z.string(),
  processInstanceId: z.number().int().nullable(),
  userId: z.number().int(),
  userName: z.string(),
  orgId: z.number().int().nullable(),
  orgName: z.string(),
  certType: z.string(),
  purpose: z.string(),
  issuedAt: z.string().nullable(),
  validUntil: z.string().nullable(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type ProveRecord = z.output<typeof ZProveRecord>;
export const proveMeta = defineResourceMeta(ZProveRecord, {
  name: 'prove',
  title: '开具证明',
  titleEn: 'Certificates',
  rowKey: 'id',
  fields: {
    documentNo: { label: '单据编号', labelEn: 'Number', width: 150 },
    state: { label: '状态', hideInTable: true, export: false },
    status: { label: '审批状态', labelEn: 'Status', valueType: 'dict', dict: 'STATUS', width: 100 },
    processInstanceId: { label: '流程实例', hideInTable: true, export: false },
    userId: { label: '申请人', hideInTable: true, export: false },
    userName: { label: '申请人', labelEn: 'Applicant', width: 90 },
    orgId: { label: '部门', valueType: 'org', hideInTable: true, export: false },
    orgName: { label: '部门', labelEn: 'Department', width: 120 },
    certType: { label: '证明类型', labelEn: 'Type', valueType: 'dict', dict: 'CERTTYPE', filter: 'eq', width: 110 },
    purpose: { label: '用途', labelEn: 'Purpose', width: 200 },
    issuedAt: { label: '开具时间', labelEn: 'Issued', valueType: 'datetime', width: 160 },
    validUntil: { label: '有效期至', labelEn: 'Valid until', valueType: 'date', width: 110 },
    createdAt: { label: '申请时间', labelEn: 'Created', valueType: 'datetime', sortable: true, width: 160 },
    updatedAt: { label: '更新时间', valueType: 'datetime', hideInTable: true, export: false },
  },
});

/** What the approved certificate says (frozen at approval). */
export const ZProveContent = z.object({
  companyName: z.string(),
  name: z.string(),
  /** ID number with the middle masked. */
  idNoMasked: z.string(),
  entryDate: z.string().nullable(),
  orgName: z.string(),
  positionName: z.string(),
  /** Fen, yearly pre-tax pay (income certificates). */
  annualIncome: z.number().int().nullable(),
  verifyCode: z.string(),
  issuedAt: z.string(),
  validUntil: z.string(),
});
export type ProveContent = z.output<typeof ZProveContent>;
export const ZProveDetail = ZProveRecord.extend({ content: ZProveContent.nullable() });
export type ProveDetail = z.output<typeof ZProveDetail>;

export const ZProveVerified = z.object({
  documentNo: z.string(),
  certType: z.string(),
  /** 张*三: enough to match the paper, not enough to learn who works here. */
  nameMasked: z.string(),
  companyName: z.string(),
  issuedAt: z.string(),
  validUntil: z.string(),
  valid: z.boolean(),
  message: z.string(),
});
export type ProveVerified = z.output<typeof ZProveVerified>;

const P = (p: string) => `/hr_api/hrm/proveApply/${p}`;
const json = { method: 'POST', requestKind: 'json', fromSpec: false } as const;

export const certificateCalls = {
  provePage: defineCall({
    ...json,
    path: P('page'),
    request: pageRequest({ keyword: z.string().trim().max(64).optional(), certType: z.string().max(8).optional(), mine: z.boolean().optional() }),
    data: pageOf(ZProveRecord),
    permission: 'login',
    summary: 'Certificate requests: my own, or all in the data scope with hr:prove:list',
  }),
  proveAdd: defineCall({
    ...json,
    path: P('add'),
    request: z.object({
      certType: z.enum(['001', '002'], { error: '请选择证明类型' }),
      purpose: z.string({ error: '请输入用途' }).trim().min(1, '请输入用途').max(200, '用途不能超过200个字符'),
    }),
    data: z.object({ id: z.number().int(), documentNo: z.string(), state: z.string(), processInstanceId: z.number().int().nullable() }),
    permission: 'login',
    write: true,
    summary: 'Asks for an employment or income certificate (submitted for HR approval)',
  }),
  proveInfo: defineCall({
    ...json,
    path: P('info'),
    request: z.object({ id: id() }),
    data: ZProveDetail,
    permission: 'login',
    summary: 'A request, with the certificate once approved (the applicant, HR in scope, or someone on its flow)',
  }),
  getProveByProIns: defineCall({
    ...json,
    path: P('getProveByProIns'),
    request: z.object({ processInstanceId: id() }),
    data: ZProveDetail,
    permission: 'login',
    summary: 'The request of a process instance (the process centre detail)',
  }),
  provePass: defineCall({
    ...json,
    path: P('pass'),
    request: z.object({ taskId: id(), message: ZSignMessage.optional().nullable() }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Passes my task on a request; the last pass issues the certificate and its code',
  }),
  proveReject: defineCall({
    ...json,
    path: P('reject'),
    request: z.object({ taskId: id(), message: z.string().trim().min(1, '请输入签字意见').max(200, '签字意见最多200个字符') }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Rejects a request (message required)',
  }),
  provePdf: defineCall({
    ...json,
    responseKind: 'blob',
    path: P('pdf'),
    request: z.object({ id: id() }),
    data: z.null(),
    permission: 'login',
    summary: 'The issued certificate as a PDF with the seal, the verification code and its QR code (whoever may read the request)',
  }),
  proveVerify: defineCall({
    ...json,
    path: '/hr_api/hrm/api/anon/proveVerify',
    request: z.object({
      code: z.string({ error: '请输入证明编号' }).trim().min(1, '请输入证明编号').max(32, '证明编号不正确'),
    }),
    data: ZProveVerified,
    permission: 'public',
    summary: 'Checks a certificate by its verification code (the public page; no sign-in)',
  }),
};
