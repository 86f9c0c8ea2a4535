import { SECTION_TITLES, sectionMetas } from '@erp/contract';
import { renewalMeta } from '@erp/contract/modules/lifecycle';
import type { ResourceMeta } from '@erp/contract/resource';
import { getTableColumns } from 'drizzle-orm';
import { type HistoryPart, historyFieldsOf, registerHistoryKind } from '../../platform/history/record-history';
import { employeeFor } from './employee-access';
import { sections } from './employee-sections';
import { contractRenewals } from './lifecycle/lifecycle.schema';

type Meta = ResourceMeta<Record<string, unknown>>;

/** The kind each record section's table versions as (its trigger in migration 0037). */
const SECTION_KINDS = {
  education: 'employee_education',
  workerHistory: 'employee_work_history',
  link: 'employee_family',
  around: 'employee_relation',
  language: 'employee_language',
  certificate: 'employee_certificate',
  award: 'employee_award',
  vehicle: 'employee_vehicle',
  administration: 'employee_administration',
  examination: 'employee_examination',
  bank: 'employee_bank_account',
} as const satisfies Record<keyof typeof sections, string>;

/** Masked in the history as the section masks them on the record. */
const SENSITIVE: Partial<Record<keyof typeof sections, string[]>> = { bank: ['accountNo'] };

/** Each record section as a part of the employee's history: its form's labels, named by its first field (the school, the company…). */
const sectionParts: HistoryPart[] = Object.entries(SECTION_KINDS).map(([name, kind]) => {
  const section = sections[name as keyof typeof sections];
  const meta = sectionMetas[name as keyof typeof sectionMetas] as unknown as Meta;
  const fields = historyFieldsOf(meta, getTableColumns(section.spec.table), SENSITIVE[name as keyof typeof sections]);
  return { kind, label: SECTION_TITLES[name as keyof typeof sections], title: Object.keys(fields).slice(0, 1), fields };
});

const renewalFields = historyFieldsOf(renewalMeta as unknown as Meta, getTableColumns(contractRenewals));
delete renewalFields.process_instance_id;
renewalFields.state = { label: '审批状态', type: 'state' };

/**
 * An employee's 操作记录 (issue 34 §4): the record's own fields as the forms name them, each record
 * section's rows as they were added, changed and deleted, and the contract renewals. Whoever may read
 * the employee reads it, with ID number, phone, pay and bank account masked as the record masks them.
 */
registerHistoryKind({
  kind: 'employee',
  fields: {
    employee_code: { label: '工号' },
    name: { label: '姓名' },
    gender: { label: '性别', dict: 'GENDER' },
    id_type: { label: '证件类型', dict: 'IDTYPE' },
    id_card_no: { label: '证件号码', sensitive: true },
    birthday: { label: '出生日期' },
    phone: { label: '手机号', sensitive: true },
    email: { label: '邮箱' },
    address: { label: '现住址' },
    emergency_contact: { label: '紧急联系人' },
    emergency_phone: { label: '紧急联系人电话', sensitive: true },
    org_id: { label: '部门', type: 'org' },
    position_name: { label: '职位' },
    person_category: { label: '人员类别', dict: 'PERSONCATEGORY' },
    employ_state: { label: '员工状态', dict: 'EMPLOYSTATE' },
    entry_date: { label: '入职日期' },
    probation_months: { label: '试用期（月）' },
    regular_date: { label: '转正日期' },
    contract_end_date: { label: '合同到期日' },
    leave_date: { label: '离职日期' },
    salary_cents: { label: '薪资', type: 'money', sensitive: true },
    social_base_cents: { label: '社保基数', type: 'money', sensitive: true },
    fund_base_cents: { label: '公积金基数', type: 'money', sensitive: true },
  },
  parts: [...sectionParts, { kind: 'contract_renewal', label: '合同续签', title: ['document_no'], fields: renewalFields }],
  async access(db, user, id) {
    const { sensitive } = await employeeFor(db, user, id, 'read');
    return { sensitive };
  },
});
