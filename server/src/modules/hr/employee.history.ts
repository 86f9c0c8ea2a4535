import { registerHistoryKind } from '../../platform/history/record-history';
import { employeeFor } from './employee-access';

/**
 * An employee's 操作记录 (issue 34 §4): the record's own fields as the forms name them. Whoever may
 * read the employee reads it, with ID number, phone and pay masked as the record masks them.
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
  async access(db, user, id) {
    const { sensitive } = await employeeFor(db, user, id, 'read');
    return { sensitive };
  },
});
