import { financeBillingCalls as BC, BILL_PERM, BILL_TYPE, type BillDetail } from '@erp/contract/modules/finance-billing';
import { financeProjectCalls as F } from '@erp/contract/modules/finance-project';
import { lineAmounts, sumAmounts } from '@erp/contract/money';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { FormFrame, useFormDialog } from '../../components/resource';
import { fenText, toFen } from '../finance/money';

interface LineValues {
  personName?: string;
  description: string;
  quantity: number;
  unitPrice: number;
}
interface BillValues {
  projectId: number;
  billType: string;
  settleMethod: string;
  month: Dayjs;
  taxRateBp: number;
  remark?: string;
  overContractReason?: string;
  lines: LineValues[];
}

const TAX_OPTIONS = [
  { value: 600, label: '6%（现代服务）' },
  { value: 300, label: '3%（小规模）' },
  { value: 100, label: '1%（小规模减按）' },
  { value: 0, label: '0%' },
];
const METHOD_OPTIONS = [
  { value: '001', label: '按工时' },
  { value: '002', label: '按人头' },
  { value: '003', label: '按入职人数' },
  { value: '004', label: '固定金额' },
];

/** The line amounts as the server computes them (tax rounded once per line), shown live. */
function Preview({ lines, rate }: { lines: LineValues[]; rate: number }) {
  const amounts = (lines ?? []).filter(Boolean).map((l) => lineAmounts(Math.round((l.quantity ?? 0) * 100), toFen(l.unitPrice), rate ?? 0));
  const t = sumAmounts(amounts);
  return (
    <Space size="large" data-testid="bill-preview">
      <span>不含税：{fenText(t.amountExcl)}</span>
      <span>税额：{fenText(t.taxAmount)}</span>
      <strong>含税合计：{fenText(t.amountIncl)}</strong>
    </Space>
  );
}

/** A bill's values in the form's units (yuan, quantities as typed). */
function valuesOf(bill: BillDetail): Partial<BillValues> {
  return {
    projectId: bill.projectId,
    billType: bill.billType,
    settleMethod: bill.settleMethod,
    month: dayjs(String(bill.month), 'YYYYMM'),
    taxRateBp: bill.taxRateBp,
    remark: bill.remark ?? undefined,
    overContractReason: bill.overContractReason ?? undefined,
    lines: bill.lines.map((l) => ({
      personName: l.personName ?? undefined,
      description: l.description,
      quantity: l.quantityX100 / 100,
      unitPrice: l.unitPrice / 100,
    })),
  };
}

/**
 * New settlement (settle a month): a running project, the month, the rate and the lines (hours or heads × price);
 * with `bill`, the correction of a draft, rejected or revoked one. A dialog on the list, a page under its own route.
 */
export function BillForm({
  open,
  onClose,
  onSaved,
  bill,
  asPage,
}: {
  open: boolean;
  onClose(): void;
  onSaved(bill: BillDetail): void;
  bill?: BillDetail;
  asPage?: boolean;
}) {
  const { message } = App.useApp();
  const may = useHasAuth()(BILL_PERM.overContract);
  const [form] = Form.useForm<BillValues>();
  const projects = useQuery({ queryKey: ['billing', 'projects'], queryFn: () => api(F.getProjectList, { phase: '002' }), enabled: open });
  const lines = Form.useWatch('lines', form) as LineValues[];
  const rate = Form.useWatch('taxRateBp', form) as number;
  const { modalProps } = useFormDialog<BillValues, BillDetail>({
    form,
    save: (v) =>
      api(BC.saveBill, {
        id: bill?.id,
        projectId: v.projectId,
        billType: v.billType as '001',
        settleMethod: v.settleMethod as '001',
        month: Number(v.month.format('YYYYMM')),
        taxRateBp: v.taxRateBp,
        remark: v.remark,
        overContractReason: may ? v.overContractReason : undefined,
        lines: v.lines.map((l) => ({
          personName: l.personName,
          description: l.description,
          quantityX100: Math.round(l.quantity * 100),
          unitPrice: toFen(l.unitPrice),
        })),
      }),
    onSaved: (bill) => {
      message.success(`结算单已保存，含税金额 ${fenText(bill.amountIncl)} 元`);
      onSaved(bill);
    },
    onClose,
  });
  return (
    <FormFrame asPage={asPage} title={bill ? `修改结算单 ${bill.billNo ?? ''}` : '新增结算单'} width={920} modalProps={{ ...modalProps, open }}>
      <Form
        form={form}
        name="bill-form"
        layout="vertical"
        preserve={false}
        initialValues={
          bill
            ? valuesOf(bill)
            : { billType: BILL_TYPE.item, settleMethod: '001', taxRateBp: 600, month: dayjs().subtract(1, 'month'), lines: [{ quantity: 1 }] }
        }
      >
        <Space wrap align="start">
          <Form.Item name="projectId" label="项目" rules={[{ required: true, message: '请选择项目' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: 280 }}
              loading={projects.isLoading}
              options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.projectNo ?? ''} ${p.name}` }))}
            />
          </Form.Item>
          <Form.Item name="billType" label="结算类型" rules={[{ required: true }]}>
            <Select
              style={{ width: 130 }}
              options={[
                { value: '001', label: '项目结算' },
                { value: '002', label: 'RPO结算' },
                { value: '003', label: '其他结算' },
              ]}
            />
          </Form.Item>
          <Form.Item name="settleMethod" label="结算方式" rules={[{ required: true }]}>
            <Select style={{ width: 130 }} options={METHOD_OPTIONS} />
          </Form.Item>
          <Form.Item name="month" label="结算月份" rules={[{ required: true, message: '请选择结算月份' }]}>
            <DatePicker picker="month" />
          </Form.Item>
          <Form.Item name="taxRateBp" label="税率" rules={[{ required: true }]}>
            <Select style={{ width: 160 }} options={TAX_OPTIONS} />
          </Form.Item>
        </Space>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={fields}
                columns={[
                  {
                    title: '人员 / 候选人',
                    width: 140,
                    render: (_, f) => (
                      <Form.Item name={[f.name, 'personName']} noStyle>
                        <Input maxLength={64} aria-label="人员" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '结算内容',
                    render: (_, f) => (
                      <Form.Item name={[f.name, 'description']} noStyle rules={[{ required: true, whitespace: true, message: '请输入结算内容' }]}>
                        <Input maxLength={200} aria-label="结算内容" />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '数量（工时/人）',
                    width: 130,
                    render: (_, f) => (
                      <Form.Item name={[f.name, 'quantity']} noStyle rules={[{ required: true, message: '请输入数量' }]}>
                        <InputNumber min={0.01} max={9999999} precision={2} aria-label="数量" style={{ width: '100%' }} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '单价（元，不含税）',
                    width: 150,
                    render: (_, f) => (
                      <Form.Item name={[f.name, 'unitPrice']} noStyle rules={[{ required: true, message: '请输入单价' }]}>
                        <InputNumber min={0} max={99999999} precision={2} aria-label="单价" style={{ width: '100%' }} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '',
                    width: 60,
                    render: (_, f) => (
                      <Button type="link" size="small" danger disabled={fields.length <= 1} onClick={() => remove(f.name)}>
                        删除
                      </Button>
                    ),
                  },
                ]}
              />
              <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }}>
                <Button onClick={() => add({ quantity: 1 })}>添加明细</Button>
                <Preview lines={lines} rate={rate} />
              </Space>
            </>
          )}
        </Form.List>
        <Form.Item name="remark" label="备注" style={{ marginTop: 12 }}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        {may && (
          <Form.Item name="overContractReason" label="超合同金额原因" extra="结算金额超出项目合同剩余金额时必填，将记录在结算单上">
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        )}
      </Form>
    </FormFrame>
  );
}
