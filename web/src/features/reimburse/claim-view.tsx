import type { ClaimDetail, ClaimLine } from '@erp/contract/modules/reimburse';
import { Alert, Button, Descriptions, Space, Table, Typography } from 'antd';
import { fenText } from '../finance/money';
import { useReimburseLabels } from './labels';
import { usePreview } from './use-preview';

/** A claim as its claimant, approvers and finance read it: the head, the lines, each line's invoices with their photos. */
export function ClaimView({ d }: { d: ClaimDetail }) {
  const { t, en, kind, category, claimState } = useReimburseLabels();
  const preview = usePreview();
  return (
    <>
      {d.budgetNotice && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={d.budgetNotice} data-testid="claim-budget-notice" />}
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
        columns={[
          { title: '#', key: 'no', width: 48, render: (_v, _r, i) => i + 1 },
          { title: t('reimburse.field.category'), dataIndex: 'category', width: 100, render: (v: string) => category(v) },
          { title: t('reimburse.field.expenseDate'), dataIndex: 'expenseDate', width: 110 },
          { title: t('reimburse.field.description'), dataIndex: 'description' },
          { title: t('reimburse.field.amount'), dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => fenText(v) },
          {
            title: t('reimburse.field.invoices'),
            key: 'invoices',
            render: (_v, l) =>
              l.invoices.length ? (
                <Space orientation="vertical" size={0}>
                  {l.invoices.map((inv) => (
                    <span key={inv.id} data-testid="claim-invoice">
                      {kind(inv.kind)} {inv.invoiceNo} · {inv.seller} · ¥{fenText(inv.total)}{' '}
                      {inv.files.length ? (
                        <Button type="link" size="small" onClick={() => void preview.open(inv)}>
                          {t('reimburse.folder.preview')}
                        </Button>
                      ) : (
                        <Typography.Text type="secondary">（{t('reimburse.folder.noFile')}）</Typography.Text>
                      )}
                    </span>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('reimburse.claim.noInvoice')}</Typography.Text>
              ),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={6} align="right">
              <Typography.Text strong>{t('reimburse.claim.totalOf', { amount: fenText(d.total) })}</Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {preview.element}
    </>
  );
}
