import { financeBillingCalls as BC, type BillRecord } from '@erp/contract/modules/finance-billing';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { api } from '../../app/api/client';
import { fenText, toFen } from '../finance/money';
import { ActionDialog } from './action-dialog';

export type BillAction = 'apply' | 'issue' | 'refuse' | 'collect' | 'void';
interface Props {
  bill: BillRecord;
  /** Shown as a page (its own route) instead of a dialog. */
  asPage?: boolean;
  onDone(): void;
  onClose(): void;
}

/** The live invoice of a bill in a state (applied or issued), read when the dialog saves. */
async function invoiceOf(billId: number, state: 'applied' | 'issued') {
  const d = await api(BC.getBillInfo, { id: billId });
  const inv = d.invoices.find((i) => i.state === state);
  if (!inv) throw new Error('invoice not found');
  return inv;
}

function ApplyInvoice({ bill, onDone, onClose, asPage }: Props) {
  const [form] = Form.useForm<{ invoiceType: string; buyerName: string; buyerTaxNo?: string; remark?: string }>();
  return (
    <ActionDialog
      open
      asPage={asPage}
      title={`申请开票：${bill.billNo}`}
      name="apply-invoice"
      form={form}
      initialValues={{ invoiceType: '001', buyerName: bill.clientName ?? '' }}
      save={(v) =>
        api(BC.applyInvoice, { billId: bill.id, invoiceType: v.invoiceType as '001', buyerName: v.buyerName, buyerTaxNo: v.buyerTaxNo, remark: v.remark })
      }
      onDone={onDone}
      onClose={onClose}
    >
      <p>
        含税金额 <strong>{fenText(bill.amountIncl)}</strong> 元（不含税 {fenText(bill.amountExcl)}，税额 {fenText(bill.taxAmount)}）
      </p>
      <Form.Item name="invoiceType" label="发票类型" rules={[{ required: true }]}>
        <Select
          options={[
            { value: '001', label: '增值税专用发票' },
            { value: '002', label: '增值税普通发票' },
            { value: '003', label: '全电发票' },
          ]}
        />
      </Form.Item>
      <Form.Item name="buyerName" label="购方名称" rules={[{ required: true, whitespace: true, message: '请输入购方名称' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="buyerTaxNo" label="购方税号">
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </ActionDialog>
  );
}

function IssueInvoice({ bill, onDone, onClose, asPage }: Props) {
  const [form] = Form.useForm<{ invoiceNo: string; invoiceDate: Dayjs }>();
  return (
    <ActionDialog
      open
      asPage={asPage}
      title={`开具发票：${bill.billNo}`}
      name="issue-invoice"
      form={form}
      initialValues={{ invoiceDate: dayjs() }}
      save={async (v) =>
        api(BC.issueInvoice, {
          invoiceId: (await invoiceOf(bill.id, 'applied')).id,
          invoiceNo: v.invoiceNo.trim(),
          invoiceDate: v.invoiceDate.format('YYYY-MM-DD'),
        })
      }
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item name="invoiceNo" label="发票号码" rules={[{ required: true, pattern: /^\d{8,20}$/, message: '发票号码为8-20位数字' }]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="invoiceDate" label="开票日期" rules={[{ required: true, message: '请选择开票日期' }]}>
        <DatePicker />
      </Form.Item>
    </ActionDialog>
  );
}

function RefuseInvoice({ bill, onDone, onClose, asPage }: Props) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ActionDialog
      open
      asPage={asPage}
      title={`驳回开票申请：${bill.billNo}`}
      name="refuse-invoice"
      form={form}
      save={async (v) => api(BC.refuseInvoice, { invoiceId: (await invoiceOf(bill.id, 'applied')).id, reason: v.reason })}
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item name="reason" label="驳回原因" rules={[{ required: true, whitespace: true, message: '请输入驳回原因' }]}>
        <Input.TextArea maxLength={200} rows={3} />
      </Form.Item>
    </ActionDialog>
  );
}

function Collect({ bill, onDone, onClose, asPage }: Props) {
  const [form] = Form.useForm<{ amount: number; collectedOn: Dayjs; bankSerial: string; payerName?: string }>();
  const open = bill.invoicedAmount - bill.collectedAmount;
  return (
    <ActionDialog
      open
      asPage={asPage}
      title={`登记回款：${bill.billNo}`}
      name="collect"
      form={form}
      initialValues={{ amount: open / 100, collectedOn: dayjs(), payerName: bill.clientName ?? '' }}
      save={(v) =>
        api(BC.saveBillReturnMoney, {
          billId: bill.id,
          amount: toFen(v.amount),
          collectedOn: v.collectedOn.format('YYYY-MM-DD'),
          bankSerial: v.bankSerial.trim(),
          payerName: v.payerName,
        })
      }
      onDone={onDone}
      onClose={onClose}
    >
      <p>
        已开票 {fenText(bill.invoicedAmount)}，已回款 {fenText(bill.collectedAmount)}，待回款 <strong>{fenText(open)}</strong>
      </p>
      <Form.Item name="amount" label="回款金额（元）" rules={[{ required: true, message: '请输入回款金额' }]}>
        <InputNumber min={0.01} max={open / 100} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="collectedOn" label="回款日期" rules={[{ required: true, message: '请选择回款日期' }]}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="bankSerial" label="银行流水号" rules={[{ required: true, whitespace: true, message: '请输入银行流水号' }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="payerName" label="付款方">
        <Input maxLength={100} />
      </Form.Item>
    </ActionDialog>
  );
}

function ApplyVoid({ bill, onDone, onClose, asPage }: Props) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ActionDialog
      open
      asPage={asPage}
      title={`申请发票作废：${bill.billNo}`}
      name="apply-void"
      form={form}
      save={async (v) => api(BC.voiceCancel, { invoiceId: (await invoiceOf(bill.id, 'issued')).id, reason: v.reason })}
      onDone={onDone}
      onClose={onClose}
    >
      <p>作废通过后，结算单回到“待开票”；已有回款须先退款或转移。</p>
      <Form.Item name="reason" label="作废原因" rules={[{ required: true, whitespace: true, message: '请输入作废原因' }]}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </ActionDialog>
  );
}

/** One dialog per bill action. */
export function BillActionDialog({ action, ...props }: Props & { action: BillAction }) {
  switch (action) {
    case 'apply':
      return <ApplyInvoice {...props} />;
    case 'issue':
      return <IssueInvoice {...props} />;
    case 'refuse':
      return <RefuseInvoice {...props} />;
    case 'collect':
      return <Collect {...props} />;
    case 'void':
      return <ApplyVoid {...props} />;
  }
}

/** One-click payment: every chosen invoiced bill collected in full, all or none. */
export function OneClickPayment({ onDone, onClose }: { onDone(): void; onClose(): void }) {
  const [form] = Form.useForm<{ billIds: number[]; collectedOn: Dayjs; bankSerial: string }>();
  const open = useQuery({
    queryKey: ['billing', 'open-bills'],
    queryFn: () => api(BC.getBillInfoPage, { invoiceStatus: '010', paymentStatus: '012', pageSize: 200 }),
  });
  return (
    <ActionDialog
      open
      title="一键回款"
      name="one-click"
      width={640}
      form={form}
      initialValues={{ collectedOn: dayjs() }}
      save={(v) => api(BC.oneClickPayment, { billIds: v.billIds, collectedOn: v.collectedOn.format('YYYY-MM-DD'), bankSerial: v.bankSerial.trim() })}
      onDone={onDone}
      onClose={onClose}
    >
      <Form.Item name="billIds" label="结算单（按待回款金额全额回款）" rules={[{ required: true, message: '请选择结算单' }]}>
        <Select
          mode="multiple"
          loading={open.isLoading}
          optionFilterProp="label"
          options={(open.data?.records ?? []).map((b) => ({
            value: b.id,
            label: `${b.billNo} ${b.clientName ?? ''} 待回款 ${fenText(b.invoicedAmount - b.collectedAmount)}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="collectedOn" label="回款日期" rules={[{ required: true }]}>
        <DatePicker />
      </Form.Item>
      <Form.Item name="bankSerial" label="银行流水号" rules={[{ required: true, whitespace: true, message: '请输入银行流水号' }]}>
        <Input maxLength={48} />
      </Form.Item>
    </ActionDialog>
  );
}
