import { financeBillingCalls as BC, BILL_PERM, type BillDetail, type CollectionRecord } from '@erp/contract/modules/finance-billing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { RecordHistory } from '../../components/history/record-history';
import { DictTag } from '../../components/resource';
import { fenText, monthText } from '../finance/money';
import { type CollectionAction, CollectionActionDialog } from './collection-dialogs';

const INVOICE_STATE: Record<string, string> = { applied: '申请中', issued: '已开具', refused: '已驳回', voided: '已作废' };
const COLLECTION_STATE: Record<string, string> = { valid: '有效', refunded: '已退款', moved: '已转移' };

/** A bill: header, lines (amounts per line), invoices and collections (refunded or moved from here). */
export function BillDetailView({ d }: { d: BillDetail }) {
  const can = useHasAuth();
  const client = useQueryClient();
  const [acting, setActing] = useState<{ action: CollectionAction; collection: CollectionRecord } | null>(null);
  return (
    <>
      {acting && (
        <CollectionActionDialog
          action={acting.action}
          bill={d}
          collection={acting.collection}
          onClose={() => setActing(null)}
          onDone={() => void client.invalidateQueries({ queryKey: ['billing'] })}
        />
      )}
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="项目">{d.projectName}</Descriptions.Item>
        <Descriptions.Item label="结算月份">{monthText(d.month)}</Descriptions.Item>
        <Descriptions.Item label="甲方">{d.clientName}</Descriptions.Item>
        <Descriptions.Item label="乙方">{d.settleOrgName}</Descriptions.Item>
        <Descriptions.Item label="不含税金额">{fenText(d.amountExcl)}</Descriptions.Item>
        <Descriptions.Item label={`税额（${d.taxRateBp / 100}%）`}>{fenText(d.taxAmount)}</Descriptions.Item>
        <Descriptions.Item label="含税金额">{fenText(d.amountIncl)}</Descriptions.Item>
        <Descriptions.Item label="大写">{d.amountInWords}</Descriptions.Item>
        <Descriptions.Item label="审批状态">
          <DictTag codeType="STATUS" value={d.status} />
        </Descriptions.Item>
        <Descriptions.Item label="开票状态">
          <DictTag codeType="STATUS" value={d.invoiceStatus} />
        </Descriptions.Item>
        <Descriptions.Item label="已回款">
          {fenText(d.collectedAmount)} <DictTag codeType="STATUS" value={d.paymentStatus} />
        </Descriptions.Item>
        <Descriptions.Item label="已核销">
          {fenText(d.writtenOffAmount)} <DictTag codeType="STATUS" value={d.writeoffStatus} />
        </Descriptions.Item>
        <Descriptions.Item label="签章流水号" span={2}>
          {d.serialNumber ?? '未签章'}
        </Descriptions.Item>
        {d.overContractReason && (
          <Descriptions.Item label="超合同金额结算" span={2}>
            <Tag color="orange">超出合同剩余金额</Tag>
            {d.overContractReason}
            {d.overContractByName ? `（${d.overContractByName}确认）` : ''}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Tabs
        style={{ marginTop: 12 }}
        items={[
          {
            key: 'lines',
            label: `结算明细（${d.lines.length}）`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={d.lines}
                scroll={{ x: 760 }}
                columns={[
                  { title: '序号', dataIndex: 'lineNo', width: 60 },
                  { title: '人员', dataIndex: 'personName', width: 100 },
                  { title: '结算内容', dataIndex: 'description' },
                  { title: '数量', dataIndex: 'quantityX100', width: 90, align: 'right', render: (v: number) => (v / 100).toFixed(2) },
                  { title: '单价', dataIndex: 'unitPrice', width: 100, align: 'right', render: fenText },
                  { title: '不含税', dataIndex: 'amountExcl', width: 120, align: 'right', render: fenText },
                  { title: '税额', dataIndex: 'taxAmount', width: 100, align: 'right', render: fenText },
                  { title: '含税', dataIndex: 'amountIncl', width: 120, align: 'right', render: fenText },
                ]}
              />
            ),
          },
          {
            key: 'invoices',
            label: `发票（${d.invoices.length}）`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={d.invoices}
                columns={[
                  { title: '申请单号', dataIndex: 'applyNo' },
                  { title: '发票号码', dataIndex: 'invoiceNo' },
                  { title: '开票日期', dataIndex: 'invoiceDate' },
                  { title: '含税金额', dataIndex: 'amountIncl', align: 'right', render: fenText },
                  { title: '状态', dataIndex: 'state', render: (v: string) => INVOICE_STATE[v] ?? v },
                  { title: '驳回原因', dataIndex: 'refuseReason' },
                ]}
              />
            ),
          },
          {
            key: 'collections',
            label: `回款（${d.collections.length}）`,
            children: (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={d.collections}
                columns={[
                  { title: '回款日期', dataIndex: 'collectedOn' },
                  { title: '银行流水号', dataIndex: 'bankSerial' },
                  { title: '付款方', dataIndex: 'payerName' },
                  { title: '金额', dataIndex: 'amount', align: 'right', render: fenText },
                  { title: '状态', dataIndex: 'state', render: (v: string) => COLLECTION_STATE[v] ?? v },
                  ...(can(BILL_PERM.collectionEdit)
                    ? [
                        {
                          title: '操作',
                          key: 'actions',
                          render: (_: unknown, c: CollectionRecord) =>
                            c.state === 'valid' && (
                              <Space size={0}>
                                <Button type="link" size="small" onClick={() => setActing({ action: 'move', collection: c })}>
                                  转移
                                </Button>
                                <Button type="link" size="small" danger onClick={() => setActing({ action: 'refund', collection: c })}>
                                  退款
                                </Button>
                              </Space>
                            ),
                        },
                      ]
                    : []),
                ]}
              />
            ),
          },
          { key: 'history', label: '操作记录', children: <RecordHistory kind="bill" id={d.id} /> },
        ]}
      />
    </>
  );
}

/** The bill in a drawer (lists). */
export function BillDetailDrawer({ billId, onClose }: { billId: number | null; onClose(): void }) {
  const q = useQuery({ queryKey: ['billing', 'bill', billId], queryFn: () => api(BC.getBillInfo, { id: billId as number }), enabled: Boolean(billId) });
  const d = q.data;
  return (
    <Drawer open={Boolean(billId)} onClose={onClose} size="large" title={d ? `结算单 ${d.billNo ?? '（未编号）'}` : '结算单'} destroyOnHidden>
      {d ? <BillDetailView d={d} /> : <Spin />}
    </Drawer>
  );
}
