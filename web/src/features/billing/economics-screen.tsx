import { financeBillingCalls as BC, type BillRecord, type EconomicsRow } from '@erp/contract/modules/finance-billing';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Drawer, Empty, Row, Segmented, Space, Statistic, Table, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { api, download } from '../../app/api/client';
import { DictTag } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { BudgetChart } from '../finance/budget-chart';
import { fenText, monthText } from '../finance/money';

type GroupBy = 'project' | 'client' | 'month' | 'employee';
interface Scope {
  monthFrom: number;
  monthTo: number;
  groupBy: GroupBy;
  projectId?: number;
  clientOrgId?: number;
}
const GROUPS: Array<{ value: GroupBy; label: string }> = [
  { value: 'project', label: '按项目' },
  { value: 'client', label: '按客户' },
  { value: 'month', label: '按月份' },
  { value: 'employee', label: '按员工' },
];
const ym = (d: Dayjs) => Number(d.format('YYYYMM'));
const rate = (bp: number) => `${(bp / 100).toFixed(2)}%`;

function FiguresTable({ scope, onDrill }: { scope: Scope; onDrill?: (row: EconomicsRow) => void }) {
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 20 });
  const q = useQuery({ queryKey: ['billing', 'economics', scope, paging], queryFn: () => api(BC.getEconomics, { ...scope, ...paging }) });
  const rows = q.data?.rows.records ?? [];
  const chart = useMemo(
    () => ({
      categories: rows.slice(0, 15).map((r) => r.name),
      series: [
        { name: '结算收入', values: rows.slice(0, 15).map((r) => r.billed) },
        { name: '人工成本', values: rows.slice(0, 15).map((r) => r.cost) },
        { name: '毛利', values: rows.slice(0, 15).map((r) => r.margin), kind: 'line' as const },
      ],
    }),
    [rows],
  );
  const t = q.data?.totals;
  return (
    <>
      {t && (
        <Row gutter={12} style={{ marginBottom: 12 }}>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="结算收入（不含税）" value={fenText(t.billed)} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="人工成本（工资+社保+公积金）" value={fenText(t.cost)} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="毛利" value={fenText(t.margin)} styles={{ content: { color: t.margin < 0 ? '#cf1322' : '#389e0d' } }} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="毛利率" value={rate(t.marginRateBp)} />
            </Card>
          </Col>
        </Row>
      )}
      {rows.length > 0 ? <BudgetChart categories={chart.categories} series={chart.series} height={280} /> : !q.isLoading && <Empty />}
      <Table<EconomicsRow>
        rowKey="key"
        size="small"
        loading={q.isLoading}
        dataSource={rows}
        scroll={{ x: 1000 }}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: q.data?.rows.total ?? 0,
          onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
        }}
        columns={[
          { title: GROUPS.find((g) => g.value === scope.groupBy)?.label.slice(1), dataIndex: 'name', width: 220, ellipsis: true },
          { title: '结算收入', dataIndex: 'billed', align: 'right', render: fenText },
          { title: '工资', dataIndex: 'pay', align: 'right', render: fenText },
          { title: '单位社保', dataIndex: 'socialInsurance', align: 'right', render: fenText },
          { title: '单位公积金', dataIndex: 'housingFund', align: 'right', render: fenText },
          { title: '人工成本', dataIndex: 'cost', align: 'right', render: fenText },
          {
            title: '毛利',
            dataIndex: 'margin',
            align: 'right',
            render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : undefined }}>{fenText(v)}</span>,
          },
          { title: '毛利率', dataIndex: 'marginRateBp', align: 'right', render: rate },
          { title: '管理费', dataIndex: 'managementFee', align: 'right', render: fenText },
          ...(onDrill
            ? [
                {
                  title: '操作',
                  key: 'drill',
                  width: 80,
                  render: (_: unknown, r: EconomicsRow) => (
                    <Button type="link" size="small" onClick={() => onDrill(r)}>
                      明细
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

function BillsOf({ scope }: { scope: Scope }) {
  const q = useQuery({
    queryKey: ['billing', 'economics-bills', scope],
    queryFn: () =>
      api(BC.getBillInfoPage, {
        projectId: scope.projectId,
        clientOrgId: scope.clientOrgId,
        monthFrom: scope.monthFrom,
        monthTo: scope.monthTo,
        state: 'passed',
        pageSize: 200,
      }),
  });
  return (
    <Table<BillRecord>
      rowKey="id"
      size="small"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      pagination={false}
      columns={[
        { title: '结算单号', dataIndex: 'billNo' },
        { title: '月份', dataIndex: 'month', render: monthText },
        { title: '不含税金额', dataIndex: 'amountExcl', align: 'right', render: fenText },
        { title: '开票状态', dataIndex: 'invoiceStatus', render: (v: string) => <DictTag codeType="STATUS" value={v} /> },
        { title: '已回款', dataIndex: 'collectedAmount', align: 'right', render: fenText },
      ]}
    />
  );
}

function Ageing({ scope }: { scope: Scope }) {
  const q = useQuery({
    queryKey: ['billing', 'economics', scope, { pageIndex: 1, pageSize: 20 }],
    queryFn: () => api(BC.getEconomics, { ...scope, pageIndex: 1, pageSize: 20 }),
  });
  const buckets = q.data?.ageing ?? [];
  return (
    <Row gutter={12}>
      {buckets.map((b) => (
        <Col key={b.bucket} xs={12} md={6}>
          <Card size="small">
            <Statistic title={`账龄 ${b.bucket} 天（${b.bills} 张）`} value={fenText(b.amount)} />
          </Card>
        </Col>
      ))}
      <Col span={24} style={{ marginTop: 12 }}>
        <BudgetChart categories={buckets.map((b) => `${b.bucket}天`)} series={[{ name: '应收未回款', values: buckets.map((b) => b.amount) }]} height={240} />
      </Col>
    </Row>
  );
}

function Reconciliation({ scope }: { scope: Scope }) {
  const q = useQuery({
    queryKey: ['billing', 'reconciliation', scope.monthFrom, scope.monthTo],
    queryFn: () => api(BC.getReconciliation, { monthFrom: scope.monthFrom, monthTo: scope.monthTo }),
  });
  return (
    <Table
      rowKey="billId"
      size="small"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      locale={{ emptyText: '开票、回款与核销金额全部一致' }}
      pagination={false}
      columns={[
        { title: '结算单号', dataIndex: 'billNo' },
        { title: '项目', dataIndex: 'projectName' },
        { title: '含税金额', dataIndex: 'amountIncl', align: 'right', render: fenText },
        { title: '已开票', dataIndex: 'invoicedAmount', align: 'right', render: fenText },
        { title: '已回款', dataIndex: 'collectedAmount', align: 'right', render: fenText },
        { title: '已核销', dataIndex: 'writtenOffAmount', align: 'right', render: fenText },
        {
          title: '差异',
          dataIndex: 'problems',
          render: (p: string[]) =>
            p.map((x) => (
              <Tag color="red" key={x}>
                {x}
              </Tag>
            )),
        },
      ]}
    />
  );
}

/**
 * 人力经济分析: what clients are billed against what the people cost, per project, client, month or
 * employee, with the margin, the receivable ageing, drill-down to the employees and bills behind a
 * figure, an xlsx export, and the reconciliation of invoiced, collected and written-off amounts.
 */
export default function EconomicsScreen() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('year'), dayjs()]);
  const [groupBy, setGroupBy] = useState<GroupBy>('project');
  const [drill, setDrill] = useState<{ title: string; scope: Scope } | null>(null);
  const scope: Scope = { monthFrom: ym(range[0]), monthTo: ym(range[1]), groupBy };
  const drillInto = (r: EconomicsRow) => {
    if (groupBy === 'project') setDrill({ title: r.name, scope: { ...scope, groupBy: 'employee', projectId: Number(r.key) } });
    else if (groupBy === 'client') setDrill({ title: r.name, scope: { ...scope, groupBy: 'project', clientOrgId: Number(r.key) } });
    else if (groupBy === 'month') setDrill({ title: r.name, scope: { ...scope, groupBy: 'project', monthFrom: Number(r.key), monthTo: Number(r.key) } });
  };
  return (
    <ScreenFrame>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker picker="month" value={range} allowClear={false} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        <Segmented<GroupBy> options={GROUPS} value={groupBy} onChange={setGroupBy} />
        <Button onClick={() => void download(BC.exportEconomics, { ...scope }, `人力经济分析-${scope.monthFrom}-${scope.monthTo}.xlsx`)}>导出</Button>
      </Space>
      <Tabs
        items={[
          { key: 'figures', label: '收入与成本', children: <FiguresTable scope={scope} onDrill={groupBy === 'employee' ? undefined : drillInto} /> },
          { key: 'ageing', label: '应收账龄', children: <Ageing scope={scope} /> },
          { key: 'reconciliation', label: '对账差异', children: <Reconciliation scope={scope} /> },
        ]}
      />
      <Drawer open={Boolean(drill)} onClose={() => setDrill(null)} size="large" title={drill?.title} destroyOnHidden>
        {drill && (
          <Tabs
            items={[
              { key: 'figures', label: drill.scope.groupBy === 'employee' ? '员工' : '项目', children: <FiguresTable scope={drill.scope} /> },
              { key: 'bills', label: '结算单', children: <BillsOf scope={drill.scope} /> },
            ]}
          />
        )}
      </Drawer>
    </ScreenFrame>
  );
}
