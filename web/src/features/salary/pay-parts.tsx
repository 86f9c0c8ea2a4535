import type { PayLineRecord } from '@erp/contract/modules/salary';
import type { FieldMeta } from '@erp/contract/resource';
import { Select, Table, Typography } from 'antd';
import { fenText, monthText } from '../finance/money';

/** Table column overrides that show every money field of a resource (integer fen) as yuan. */
export function fenColumns(meta: { fields: Partial<Record<string, FieldMeta>> }): Record<string, { render: (v: unknown) => string; align: 'right' }> {
  const out: Record<string, { render: (v: unknown) => string; align: 'right' }> = {};
  for (const [key, f] of Object.entries(meta.fields)) {
    if (f?.valueType === 'money') out[key] = { render: (v: unknown) => fenText(typeof v === 'number' ? v : null), align: 'right' };
  }
  return out;
}

/** yyyymm of the month `offset` months from the current one. */
export function monthFromNow(offset: number): number {
  const d = new Date();
  const t = d.getFullYear() * 12 + d.getMonth() + offset;
  return Math.floor(t / 12) * 100 + (t % 12) + 1;
}

/** The current month and the 23 before it (and `ahead` months after it). */
export function MonthSelect({ value, onChange, label = '月份', ahead = 0 }: { value: number; onChange(month: number): void; label?: string; ahead?: number }) {
  return (
    <Select
      aria-label={label}
      value={value}
      onChange={onChange}
      style={{ width: 130 }}
      options={Array.from({ length: 24 + ahead }, (_, i) => monthFromNow(ahead - i)).map((m) => ({ value: m, label: monthText(m) }))}
    />
  );
}

/** Every line of a payslip's computation: item, amount and how it was computed. */
export function PayLines({ lines }: { lines: PayLineRecord[] }) {
  return (
    <Table<PayLineRecord>
      size="small"
      rowKey={(l) => `${l.code}-${l.label}`}
      pagination={false}
      dataSource={lines}
      columns={[
        {
          key: 'label',
          title: '项目',
          dataIndex: 'label',
          width: 150,
          // The employer's lines (单位缴纳) follow net in grey: the company's cost, not the employee's pay.
          render: (v: string, l) =>
            l.code === 'gross' || l.code === 'net' ? (
              <Typography.Text strong>{v}</Typography.Text>
            ) : l.code.startsWith('employer') ? (
              <Typography.Text type="secondary">{v}</Typography.Text>
            ) : (
              v
            ),
        },
        {
          key: 'amount',
          title: '金额（元）',
          dataIndex: 'amount',
          width: 120,
          align: 'right',
          render: (v: number, l) => (l.code === 'attendance' || l.code === 'special' ? '' : <span data-testid={`line-${l.code}`}>{fenText(v)}</span>),
        },
        { key: 'formula', title: '计算过程', dataIndex: 'formula', render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
      ]}
    />
  );
}
