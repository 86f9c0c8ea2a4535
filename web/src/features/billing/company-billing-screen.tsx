import { financeBillingCalls as BC, BILL_PERM, type CompanyBilling, companyBillingMeta } from '@erp/contract/modules/finance-billing';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { ActionDialog } from './action-dialog';

type Values = Pick<CompanyBilling, 'taxNo' | 'address' | 'phone' | 'bankName' | 'bankAccount' | 'creditDays'>;

function EditDialog({ row, onClose, onDone }: { row: CompanyBilling; onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<Values>();
  return (
    <ActionDialog
      open
      title={`开票信息：${row.orgName ?? ''}`}
      name="company-billing"
      form={form}
      initialValues={row}
      save={(v) => api(BC.companyBillingSave, { orgId: row.orgId, ...v, bankAccount: v.bankAccount || null })}
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item name="taxNo" label="纳税人识别号" rules={[{ required: true, pattern: /^[0-9A-Z]{15,20}$/, message: '纳税人识别号为15-20位数字或大写字母' }]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="address" label="地址">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="phone" label="电话">
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="bankName" label="开户行">
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="bankAccount" label="银行账号" rules={[{ pattern: /^\d{6,30}$/, message: '银行账号为6-30位数字' }]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="creditDays" label="账期（天）" rules={[{ required: true, message: '请输入账期' }]}>
        <InputNumber min={0} max={365} precision={0} />
      </Form.Item>
    </ActionDialog>
  );
}

/** 公司开票信息: the tax numbers and banks printed on invoices, and each client's credit days (due dates). */
export default function CompanyBillingScreen() {
  const client = useQueryClient();
  const can = useHasAuth();
  const [editing, setEditing] = useState<CompanyBilling | null>(null);
  return (
    <ScreenFrame>
      <ResourceTable<CompanyBilling>
        meta={companyBillingMeta}
        pageCall={BC.companyBillingPage}
        queryKey={['billing', 'company']}
        actionsWidth={90}
        rowActions={(r) =>
          can(BILL_PERM.invoiceEdit) && (
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑
            </Button>
          )
        }
      />
      {editing && <EditDialog row={editing} onClose={() => setEditing(null)} onDone={() => void client.invalidateQueries({ queryKey: ['billing'] })} />}
    </ScreenFrame>
  );
}
