import { financeProjectCalls as F, FIN_PERM, type PeriodRow, type ProjectPeriodRow } from '@erp/contract/modules/finance-project';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Select, Space, Statistic, Table, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { api, download } from '../../app/api/client';
import { Auth } from '../../app/auth/auth';
import { OrgTreeSelect } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { BudgetChart } from './budget-chart';
import { fenText, TYPE_NAMES } from './money';

const QUARTERS = ['第一季度', '第二季度', '第三季度', '第四季度'];
const MONTHS = Array.from({ length: 12 }, (_, i) => `${i + 1}月`);

/** Sums the subject rows of a type into 12 months (budget and actual). */
function byType(rows: PeriodRow[], type: string) {
  const budget = new Array<number>(12).fill(0);
  const actual = new Array<number>(12).fill(0);
  for (const r of rows)
    if (r.budgetType === type)
      r.budget.forEach((v, i) => {
        budget[i] = (budget[i] ?? 0) + v;
        actual[i] = (actual[i] ?? 0) + (r.actual[i] ?? 0);
      });
  return { budget, actual };
}
const quarters = (m: number[]) => [0, 1, 2, 3].map((q) => (m[q * 3] ?? 0) + (m[q * 3 + 1] ?? 0) + (m[q * 3 + 2] ?? 0));

/**
 * 预算统计: the year's budget against actual — cards, budget vs actual per quarter or month (ECharts),
 * per department and per project, contract income; each exportable as xlsx.
 */
export default function BudgetStatisticsScreen() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [deptId, setDeptId] = useState<number | null>(null);
  const [by, setBy] = useState<'quarter' | 'month'>('quarter');
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [deptPage, setDeptPage] = useState({ pageIndex: 1, pageSize: 20 });
  const filters = { year, deptId: deptId ?? undefined };
  const summary = useQuery({ queryKey: ['finance', 'stats', 'summary', filters], queryFn: () => api(F.getSummary, filters) });
  const detail = useQuery({ queryKey: ['finance', 'stats', 'detail', filters], queryFn: () => api(F.newGetBudgetDetailStatistics, filters) });
  // A company holds up to thousands of departments: the summary comes a page at a time, the chart shows the page.
  const depts = useQuery({
    queryKey: ['finance', 'stats', 'depts', filters, deptPage],
    queryFn: () => api(F.newGetSummaryStatistics, { ...filters, ...deptPage }),
    placeholderData: (previous) => previous,
  });
  const deptRows = depts.data?.records ?? [];
  // Another year or department starts both lists on their first page.
  const firstPages = () => {
    setPage((p) => ({ ...p, pageIndex: 1 }));
    setDeptPage((p) => ({ ...p, pageIndex: 1 }));
  };
  const projects = useQuery({
    queryKey: ['finance', 'stats', 'projects', filters, by, page],
    queryFn: () => api(by === 'quarter' ? F.getQuarterBudgetPage : F.getMonthBudgetPage, { ...filters, ...page }),
  });
  const income = useQuery({ queryKey: ['finance', 'stats', 'income', filters], queryFn: () => api(F.getContractInCome, { ...filters, pageSize: 50 }) });

  const chart = useMemo(() => {
    const rows = detail.data?.rows ?? [];
    const shape = (m: number[]) => (by === 'quarter' ? quarters(m) : m);
    return ['001', '002', '003'].flatMap((t) => {
      const v = byType(rows, t);
      return [
        { name: `${TYPE_NAMES[t]}预算`, values: shape(v.budget) },
        { name: `${TYPE_NAMES[t]}实际`, values: shape(v.actual), kind: 'line' as const },
      ];
    });
  }, [detail.data, by]);
  const deptChart = useMemo(
    () => [
      { name: '预算收入', values: deptRows.map((d) => d.budgetIncome) },
      { name: '实际收入', values: deptRows.map((d) => d.actualIncome) },
      { name: '预算毛利', values: deptRows.map((d) => d.budgetProfit), kind: 'line' as const },
    ],
    [deptRows],
  );
  const s = summary.data;
  const periods = by === 'quarter' ? QUARTERS : MONTHS;
  const years = Array.from({ length: 5 }, (_, i) => new Date().getFullYear() - 3 + i);
  const exportButton = (call: Parameters<typeof download>[0], name: string, input: Record<string, unknown> = filters) => (
    <Auth code={FIN_PERM.budgetExport}>
      <Button size="small" onClick={() => void download(call, input as never, name)}>
        导出
      </Button>
    </Auth>
  );
  return (
    <ScreenFrame>
      <Space wrap style={{ marginBottom: 12 }}>
        年度
        <Select
          value={year}
          onChange={(y) => {
            setYear(y);
            firstPages();
          }}
          options={years.map((y) => ({ value: y, label: `${y}年` }))}
          style={{ width: 110 }}
          aria-label="年度"
        />
        部门
        <OrgTreeSelect
          value={deptId}
          onChange={(v) => {
            setDeptId(typeof v === 'number' ? v : null);
            firstPages();
          }}
          placeholder="全部部门"
        />
        <Select
          aria-label="统计方式"
          value={by}
          onChange={setBy}
          style={{ width: 110 }}
          options={[
            { value: 'quarter', label: '按季度' },
            { value: 'month', label: '按月度' },
          ]}
        />
        {exportButton(F.exportSummary, `${year}年预算汇总.xlsx`)}
      </Space>
      <Row gutter={12} style={{ marginBottom: 12 }}>
        {[
          ['项目数', s?.projectCount, true],
          ['合同金额（元）', s?.contractAmount],
          ['预算收入（元）', s?.budgetIncome],
          ['预算毛利（元）', s?.budgetProfit],
          ['实际收入（元）', s?.actualIncome],
          ['实际毛利（元）', s?.actualProfit],
        ].map(([title, value, count]) => (
          <Col key={String(title)} xs={12} md={4}>
            <Card size="small">
              <Statistic title={String(title)} value={count ? Number(value ?? 0) : fenText(value as number | undefined)} loading={summary.isLoading} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={`预算与实际（${by === 'quarter' ? '季度' : '月度'}）`}
        extra={exportButton(by === 'quarter' ? F.newExportQuarterBudgetStatistics : F.newExportMonthBudgetStatistics, `${year}年预算统计.xlsx`)}
      >
        <BudgetChart categories={periods} series={chart} />
      </Card>
      <Tabs
        style={{ marginTop: 12 }}
        items={[
          {
            key: 'dept',
            label: '部门汇总',
            children: (
              <>
                <BudgetChart categories={deptRows.map((d) => d.deptName)} series={deptChart} height={260} />
                <Space style={{ margin: '8px 0' }}>{exportButton(F.newExportSummaryBudget, `${year}年部门预算汇总.xlsx`)}</Space>
                <Table
                  size="small"
                  rowKey="deptId"
                  pagination={{
                    current: deptPage.pageIndex,
                    pageSize: deptPage.pageSize,
                    total: depts.data?.total ?? 0,
                    showTotal: (n) => `共 ${n} 个部门`,
                    onChange: (pageIndex, pageSize) => setDeptPage({ pageIndex, pageSize }),
                  }}
                  loading={depts.isFetching}
                  dataSource={deptRows}
                  columns={[
                    { title: '部门', dataIndex: 'deptName' },
                    { title: '项目数', dataIndex: 'projectCount' },
                    ...(['budgetIncome', 'budgetOutcome', 'budgetExpense', 'budgetProfit', 'actualIncome', 'actualProfit'] as const).map((k, i) => ({
                      title: ['预算收入', '预算成本', '预算费用', '预算毛利', '实际收入', '实际毛利'][i],
                      dataIndex: k,
                      align: 'right' as const,
                      render: (v: number) => fenText(v),
                    })),
                  ]}
                />
              </>
            ),
          },
          {
            key: 'projects',
            label: '项目明细',
            children: (
              <>
                <Space style={{ marginBottom: 8 }}>
                  {exportButton(by === 'quarter' ? F.exportQuarterBudgetPageStatistics : F.exportMonthBudgetPageStatistics, `${year}年项目预算.xlsx`)}
                </Space>
                <Table<ProjectPeriodRow>
                  size="small"
                  rowKey="projectId"
                  loading={projects.isLoading}
                  dataSource={projects.data?.records ?? []}
                  scroll={{ x: 400 + periods.length * 120 }}
                  pagination={{
                    current: page.pageIndex,
                    pageSize: page.pageSize,
                    total: projects.data?.total ?? 0,
                    onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
                  }}
                  columns={[
                    { title: '项目', dataIndex: 'projectName', fixed: 'left', width: 220 },
                    ...periods.map((p, i) => ({
                      title: `${p}收入/毛利`,
                      key: p,
                      width: 120,
                      align: 'right' as const,
                      render: (_: unknown, r: ProjectPeriodRow) => (
                        <span>
                          {fenText(r.income[i])}
                          <br />
                          <span style={{ color: '#888' }}>{fenText(r.profit[i])}</span>
                        </span>
                      ),
                    })),
                    { title: '收入合计', dataIndex: 'totalIncome', align: 'right', width: 130, render: (v: number) => fenText(v) },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'income',
            label: '合同收入',
            children: (
              <>
                <Space style={{ marginBottom: 8 }}>{exportButton(F.exportContractInCome, `${year}年合同收入.xlsx`)}</Space>
                <Table
                  size="small"
                  rowKey="projectId"
                  loading={income.isLoading}
                  dataSource={income.data?.records ?? []}
                  columns={[
                    { title: '项目编号', dataIndex: 'projectNo' },
                    { title: '项目名称', dataIndex: 'projectName' },
                    { title: '甲方', dataIndex: 'clientName' },
                    ...(['contractAmount', 'stageAmount', 'budgetIncome', 'actualIncome'] as const).map((k, i) => ({
                      title: ['合同金额', '本年阶段金额', '预算收入', '实际收入'][i],
                      dataIndex: k,
                      align: 'right' as const,
                      render: (v: number) => fenText(v),
                    })),
                  ]}
                />
              </>
            ),
          },
        ]}
      />
    </ScreenFrame>
  );
}
