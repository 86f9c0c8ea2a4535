import type { FieldMeta } from '@erp/contract/resource';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { DictTag } from './dict-tag';

const stamp = (v: string) => {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return v;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

/** How a field's value reads in tables and detail views (dictionary names, status tags, local times). */
export function renderValue(field: FieldMeta, value: unknown, key: string, en = false): ReactNode {
  if (value === null || value === undefined || value === '') return <span style={{ color: '#bbb' }}>-</span>;
  if (field.dict) return <DictTag codeType={field.dict} value={value} />;
  switch (field.valueType) {
    case 'boolean':
      if (key === 'enabled') return <Tag color={value ? 'success' : 'default'}>{value ? (en ? 'Enabled' : '启用') : en ? 'Disabled' : '停用'}</Tag>;
      return value ? (en ? 'Yes' : '是') : en ? 'No' : '否';
    case 'datetime':
      return typeof value === 'string' ? stamp(value) : String(value);
    case 'money':
      // Amounts in yuan: two decimals and thousands separators.
      return typeof value === 'number' ? value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : String(value);
    case 'color':
      return <Tag color={String(value)}>{String(value)}</Tag>;
    case 'password':
      return '******';
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
