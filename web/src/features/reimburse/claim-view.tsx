import type { ClaimDetail, ClaimLine, ExpenseInvoice } from '@erp/contract/modules/reimburse';
import { Button, Descriptions, Table, Typography } from 'antd';
import { fenText } from '../finance/money';
import { useReimburseLabels } from './labels';
import { usePreview } from './use-preview';

/** A claim as its claimant, approvers and finance read it: the head, the lines, each line's invoices with their photos. */
export function ClaimView({ d }: { d: ClaimDetail }) {
  const { t, en, kind, category, claimState } = useReimburseLabels();
  const preview = usePreview();
  const invoiceColumns = [
    { title: t('reimburse.field.kind'), dataIndex: 'kind', render: (v: string) => kind(v) },
    { title: t('reimburse.field.invoiceNo'), dataIndex: 'invoiceNo' },
    { title: t('reimburse.field.invoiceDate'), dataIndex: 'invoiceDate' },
    { title: t('reimburse.field.seller'), dataIndex: 'seller', ellipsis: true },
    { title: t('reimburse.field.total'), dataIndex: 'total', align: 'right' as const, render: (v: number) => fenText(v) },
    {
      title: '',
      key: 'preview',
      render: (_: unknown, inv: ExpenseInvoice) =>
        inv.files.length ? (
          <Button type="link" size="small" onClick={() => void preview.open(inv)}>
            {t('reimburse.folder.preview')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('reimburse.folder.noFile')}</Typography.Text>
        ),
    },
  ];
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('reimburse.claim.claimNo')}>{d.claimNo ?? t('reimburse.claim.noDraftNo')}</Descriptions.Item>
        <Descriptions.Item label={t('reimburse.claim.state')}>
          <span data-testid="claim-state">{claimState(d.claimState)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('reimburse.claim.claimant')}>
          {d.realName}（{d.userCode}）{d.orgName ? ` · ${d.orgName}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('reimburse.claim.total')}>
          <Typography.Text strong>{fenText(d.total)}</Typography.Text> {en ? 'yuan' : '元'}
        </Descriptions.Item>
        <Descriptions.Item label={t('reimburse.field.reason')} span={2}>
          {d.reason}
        </Descriptions.Item>
        <Descriptions.Item label={t('reimburse.field.project')}>{d.projectName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('reimburse.field.paidDate')}>
          {d.paidDate
            ? `${d.paidDate}${d.paidByName ? `（${t('reimburse.claim.paidBy')}：${d.paidByName}）` : ''}${d.payRemark ? ` ${d.payRemark}` : ''}`
            : '-'}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('reimburse.claim.lines')}</Typography.Title>
      <Table<ClaimLine>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={d.lines}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '#', key: 'no', width: 50, render: (_v, _r, i) => i + 1 },
          { title: t('reimburse.field.category'), dataIndex: 'category', render: (v: string) => category(v) },
          { title: t('reimburse.field.expenseDate'), dataIndex: 'expenseDate' },
          { title: t('reimburse.field.description'), dataIndex: 'description' },
          { title: t('reimburse.field.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => fenText(v) },
          { title: t('reimburse.field.invoices'), key: 'n', render: (_v, l) => (l.invoices.length ? l.invoices.length : t('reimburse.claim.noInvoice')) },
        ]}
        expandable={{
          rowExpandable: (l) => l.invoices.length > 0,
          defaultExpandAllRows: true,
          expandedRowRender: (l) => <Table<ExpenseInvoice> size="small" rowKey="id" pagination={false} dataSource={l.invoices} columns={invoiceColumns} />,
        }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={5} align="right">
              {t('reimburse.claim.totalOf', { amount: fenText(d.total) })}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {preview.element}
    </>
  );
}
