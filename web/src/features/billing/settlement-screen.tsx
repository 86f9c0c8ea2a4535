import { financeBillingCalls as BC, BILL_PERM, BILL_STATUS, type BillRecord, billMeta } from '@erp/contract/modules/finance-billing';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { Auth, useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { fenText, monthText } from '../finance/money';
import { BillDetailDrawer } from './bill-detail';
import { type BillAction, BillActionDialog, OneClickPayment } from './bill-dialogs';
import { BillForm } from './bill-form';

const KEY = ['billing', 'bills'] as const;

/** The same screen for one kind of bill (项目 / RPO / 其他结算开票). */
export const ItemBills = () => <SettlementScreen billType="001" />;
export const RpoBills = () => <SettlementScreen billType="002" />;
export const OtherBills = () => <SettlementScreen billType="003" />;
const money = { render: (v: number) => fenText(v), align: 'right' as const };

/**
 * 结算开票 (/Settlement/index): settle a month (new bill), submit it for approval, apply for its
 * invoice, issue or refuse it (finance), record collections one by one or all at once, push a
 * collected bill to write-off, apply to void an invoice, print.
 */
export default function SettlementScreen({ billType }: { billType?: string } = {}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const can = useHasAuth();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [adding, setAdding] = useState(false);
  const [oneClick, setOneClick] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [acting, setActing] = useState<{ action: BillAction; bill: BillRecord } | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['billing'] });
  const run = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    message.success(done);
    refresh();
  };
  const editable = (r: BillRecord) => ['draft', 'rejected', 'revoked'].includes(r.state);
  const link = (label: string, onClick: () => void, danger = false) => (
    <Button type="link" size="small" danger={danger} onClick={onClick}>
      {label}
    </Button>
  );
  return (
    <ScreenFrame>
      <ResourceTable<BillRecord>
        meta={billMeta}
        pageCall={BC.getBillInfoPage}
        exportCall={BC.export}
        exportName="结算单.xlsx"
        queryKey={KEY}
        fixedFilters={{ keyword: keyword || undefined, billType }}
        columns={{
          month: { render: (v: number) => monthText(v) },
          amountExcl: money,
          taxAmount: money,
          amountIncl: money,
          invoicedAmount: money,
          collectedAmount: money,
          writtenOffAmount: money,
        }}
        toolbar={
          <Space wrap>
            <Input.Search
              allowClear
              placeholder="结算单号 / 项目 / 甲方"
              aria-label="关键字"
              maxLength={64}
              style={{ width: 240 }}
              onSearch={(v) => setKeyword(v.trim())}
            />
            <Auth code={BILL_PERM.billEdit}>
              <Button type="primary" onClick={() => setAdding(true)}>
                新增结算单
              </Button>
            </Auth>
            <Auth code={BILL_PERM.collectionEdit}>
              <Button onClick={() => setOneClick(true)}>一键回款</Button>
            </Auth>
          </Space>
        }
        actionsWidth={280}
        rowActions={(r) => (
          <Space size={0} wrap>
            {link('详情', () => setViewing(r.id))}
            {can(BILL_PERM.billEdit) && editable(r) && link('修改', () => navigate(`/ItemSettle/UpdateDocumentSettlement?id=${r.id}`))}
            {can(BILL_PERM.billEdit) && editable(r) && link('提交', () => void run(() => api(BC.submitBill, { id: r.id }), '已提交审批'))}
            {can(BILL_PERM.billEdit) && editable(r) && (
              <Popconfirm title="确定删除该结算单？" onConfirm={() => run(() => api(BC.deleteBill, { id: r.id }), '已删除')}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            )}
            {can(BILL_PERM.billEdit) &&
              r.state === 'passed' &&
              (r.invoiceStatus === BILL_STATUS.pendingInvoice || r.invoiceStatus === BILL_STATUS.invoiceRejected) &&
              link('申请开票', () => setActing({ action: 'apply', bill: r }))}
            {can(BILL_PERM.invoiceEdit) && r.invoiceStatus === BILL_STATUS.invoicing && (
              <>
                {link('开票', () => setActing({ action: 'issue', bill: r }))}
                {link('驳回', () => setActing({ action: 'refuse', bill: r }), true)}
              </>
            )}
            {can(BILL_PERM.collectionEdit) &&
              r.invoiceStatus === BILL_STATUS.invoiced &&
              r.collectedAmount < r.invoicedAmount &&
              link('登记回款', () => setActing({ action: 'collect', bill: r }))}
            {can(BILL_PERM.billEdit) &&
              r.collectedAmount > r.writtenOffAmount &&
              link('推送核销', () => void run(() => api(BC.pushCancellation, { billId: r.id }), '核销单已提交审批'))}
            {can(BILL_PERM.billEdit) &&
              r.invoiceStatus === BILL_STATUS.invoiced &&
              r.collectedAmount === 0 &&
              link('申请作废', () => setActing({ action: 'void', bill: r }), true)}
            {r.state === 'passed' && link('打印', () => navigate(`/Settlement/BillPrint?id=${r.id}`))}
          </Space>
        )}
      />
      {adding && <BillForm open onClose={() => setAdding(false)} onSaved={refresh} />}
      {oneClick && <OneClickPayment onClose={() => setOneClick(false)} onDone={refresh} />}
      {acting && <BillActionDialog action={acting.action} bill={acting.bill} onClose={() => setActing(null)} onDone={refresh} />}
      <BillDetailDrawer billId={viewing} onClose={() => setViewing(null)} />
    </ScreenFrame>
  );
}
