import { financeBillingCalls as BC, BILL_STATUS, type BillDetail } from '@erp/contract/modules/finance-billing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Space, Spin, Tag } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { ScreenFrame } from '../base/screen-frame';
import { fenText } from '../finance/money';
import { BillDetailView } from './bill-detail';
import { type BillAction, BillActionDialog } from './bill-dialogs';
import { BillForm } from './bill-form';

/*
 * The bill actions under their own routes (spec 002 §2: BillApply, BillingApply, BillBackApply, applyBill,
 * AddDocumentSettlement, UpdateDocumentSettlement, DeleteBillDetails). The lists open the same forms as
 * dialogs; these pages are where a link from a message, the process centre or a bookmark lands.
 */

const idParam = (params: URLSearchParams, ...names: string[]) => {
  for (const n of names) {
    const v = Number(params.get(n));
    if (Number.isInteger(v) && v > 0) return v;
  }
  return undefined;
};

/** Loads the bill named by `?id=` (or `billId`) and hands it to `children`, with the empty, loading and error states. */
function WithBill({ children }: { children(bill: BillDetail): ReactNode }) {
  const [params] = useSearchParams();
  const id = idParam(params, 'id', 'billId');
  const q = useQuery({ queryKey: ['billing', 'bill-page', id], queryFn: () => api(BC.getBillInfo, { id }), enabled: Boolean(id) });
  if (!id) return <Empty description="缺少结算单" />;
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Alert type="error" title="结算单不存在或无权查看" />;
  return <ScreenFrame>{children(q.data)}</ScreenFrame>;
}

/** What a bill must be for an action, and the sentence shown when it is not. */
const ALLOWED: Record<'apply' | 'void', [(b: BillDetail) => boolean, string]> = {
  apply: [
    (b) => b.state === 'passed' && (b.invoiceStatus === BILL_STATUS.pendingInvoice || b.invoiceStatus === BILL_STATUS.invoiceRejected),
    '该结算单当前不能申请开票（须审批通过且待开票或开票被驳回）',
  ],
  void: [(b) => b.invoiceStatus === BILL_STATUS.invoiced && b.collectedAmount === 0, '该结算单当前不能申请作废（须已开票且没有回款）'],
};

/**
 * After a save the page shows the saved bill; cancel goes back. A form closes itself after its save
 * too (useFormDialog calls onClose after onSaved), and going back then raced the link to the bill:
 * the user landed on the page before, so `back` does nothing once the bill was saved.
 */
function useAfterSave() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const saved = useRef(false);
  return {
    done: (billId: number) => {
      saved.current = true;
      void client.invalidateQueries({ queryKey: ['billing'] });
      navigate(`/Settlement/BillDetail?id=${billId}`, { replace: true });
    },
    back: () => {
      if (!saved.current) navigate(-1);
    },
  };
}

function BillActionPage({ action }: { action: 'apply' | 'void' }) {
  const { done, back } = useAfterSave();
  return (
    <WithBill>
      {(bill) => {
        const [allowed, why] = ALLOWED[action];
        return (
          <Space direction="vertical" style={{ width: '100%' }}>
            {allowed(bill) ? (
              <BillActionDialog action={action as BillAction} bill={bill} asPage onDone={() => done(bill.id)} onClose={back} />
            ) : (
              <Alert type="warning" showIcon title={why} />
            )}
            <Card title={`结算单 ${bill.billNo ?? '（未编号）'}`} size="small">
              <BillDetailView d={bill} />
            </Card>
          </Space>
        );
      }}
    </WithBill>
  );
}

/** /Settlement/BillApply, /ItemSettleBill/BillingApply, /RPOSettleBill/RPOBillingApply, /OtherSettleBill/OtherBillingApply. */
export const InvoiceApplyPage = () => <BillActionPage action="apply" />;
/** /Settlement/BillBackApply, /DeleteBill/applyBill, /DeleteItemBill/applyBill: apply to void the bill's invoice. */
export const VoidApplyPage = () => <BillActionPage action="void" />;

/** /ItemSettle/AddDocumentSettlement: settle a month on a page. */
export function SettlementAddPage() {
  const { done, back } = useAfterSave();
  return (
    <ScreenFrame>
      <BillForm open asPage onClose={back} onSaved={(bill) => done(bill.id)} />
    </ScreenFrame>
  );
}

/** /ItemSettle/UpdateDocumentSettlement?id=: correct a draft, rejected or revoked bill. */
export function SettlementUpdatePage() {
  const { done, back } = useAfterSave();
  return (
    <WithBill>
      {(bill) =>
        ['draft', 'rejected', 'revoked'].includes(bill.state) ? (
          <BillForm open asPage bill={bill} onClose={back} onSaved={(b) => done(b.id)} />
        ) : (
          <Alert type="warning" showIcon title="只有草稿、已驳回或已撤回的结算单可以修改" />
        )
      }
    </WithBill>
  );
}

const VOID_STATES: Record<string, [string, string]> = {
  applied: ['待审批', 'orange'],
  passed: ['已作废', 'green'],
  refused: ['已驳回', 'red'],
  removed: ['已撤回', 'default'],
};

/** /DeleteBill/DeleteBillDetails?id=, /DeleteItemBill/DeleteBillDetails?id=: a void application with its invoice and bill. */
export function VoidDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const id = idParam(params, 'id');
  const q = useQuery({ queryKey: ['billing', 'void', id], queryFn: () => api(BC.voiceCancelDetail, { id: id as number }), enabled: Boolean(id) });
  if (!id) return <Empty description="缺少作废申请" />;
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Alert type="error" title="作废申请不存在或无权查看" />;
  const v = q.data;
  const [stateText, color] = VOID_STATES[v.state] ?? [v.state, 'default'];
  return (
    <ScreenFrame>
      <Card
        title={`发票作废申请 ${v.voidNo}`}
        size="small"
        extra={
          <Button
            onClick={() => {
              if (!v.billId) message.warning('结算单不存在');
              else navigate(`/Settlement/BillDetail?id=${v.billId}`);
            }}
          >
            查看结算单
          </Button>
        }
      >
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label="状态">
            <Tag color={color}>{stateText}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="申请人">{v.createdByName}</Descriptions.Item>
          <Descriptions.Item label="发票号码">{v.invoice.invoiceNo}</Descriptions.Item>
          <Descriptions.Item label="开票日期">{v.invoice.invoiceDate}</Descriptions.Item>
          <Descriptions.Item label="购方名称">{v.invoice.buyerName}</Descriptions.Item>
          <Descriptions.Item label="含税金额">{fenText(v.amountIncl)}</Descriptions.Item>
          <Descriptions.Item label="结算单号">{v.billNo}</Descriptions.Item>
          <Descriptions.Item label="项目">{v.bill.projectName}</Descriptions.Item>
          <Descriptions.Item label="作废原因" span={2}>
            {v.reason}
          </Descriptions.Item>
          <Descriptions.Item label="审批意见" span={2}>
            {v.message ?? '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </ScreenFrame>
  );
}
