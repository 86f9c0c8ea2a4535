import {
  type AnalyticsApprover,
  type AnalyticsInstance,
  type AnalyticsNode,
  type AnalyticsProcess,
  bpmAnalyticsCalls,
} from '@erp/contract/modules/bpm-analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Drawer, Select, Space, Table, type TableProps, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { api } from '../../../app/api/client';
import { useChart } from '../../../components/charts/use-chart';
import { minuteText } from '../../../components/format/time';
import { dialogFor } from '../shared/process-dialogs';

type Figure = 'started' | 'finished' | 'overdue' | 'rollback' | 'reject' | 'tasks';
interface Drill {
  title: string;
  figure: Figure;
  processKey?: string;
  nodeId?: string;
  approverUserId?: number;
  month?: string;
}

const hours = (v: number | null) => (v === null ? '-' : `${v} h`);
const FIGURE_LABELS: Record<Figure, string> = { started: '发起', finished: '办结', overdue: '超时', rollback: '退回', reject: '驳回', tasks: '待办' };

/** A figure that opens the instances behind it. */
function Num({ value, onClick, testId }: { value: number | string; onClick(): void; testId?: string }) {
  if (!Number.parseFloat(String(value))) return <span>{value}</span>;
  return (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={onClick} data-testid={testId}>
      {value}
    </Button>
  );
}

/**
 * 审批分析: per process, month, node and approver — instances started and finished, median and p90
 * hours, tasks over the node's time limit, send-back and rejection rates, the slowest approvers.
 * Every figure and chart bar opens the instances behind it.
 */
export function AnalyticsPanel() {
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>([dayjs().subtract(5, 'month'), dayjs()]);
  const [processKey, setProcessKey] = useState<string | undefined>();
  const [drill, setDrill] = useState<Drill | null>(null);
  const filter = { fromMonth: period[0].format('YYYY-MM'), toMonth: period[1].format('YYYY-MM') };
  const overview = useQuery({
    queryKey: ['bpm', 'analytics', filter],
    queryFn: () => api(bpmAnalyticsCalls.analyticsOverview, filter),
    placeholderData: keepPreviousData,
  });
  const keyed = { ...filter, processKey };
  const nodes = useQuery({
    queryKey: ['bpm', 'analytics', 'nodes', keyed],
    queryFn: () => api(bpmAnalyticsCalls.analyticsNodes, keyed),
    enabled: Boolean(processKey),
  });
  const approvers = useQuery({ queryKey: ['bpm', 'analytics', 'approvers', keyed], queryFn: () => api(bpmAnalyticsCalls.analyticsApprovers, keyed) });
  const months = overview.data?.months ?? [];
  const monthOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 48, top: 24, bottom: 48 },
      xAxis: { type: 'category', data: months.map((m) => m.month) },
      yAxis: [
        { type: 'value', name: '件' },
        { type: 'value', name: '小时' },
      ],
      series: [
        { name: '发起', type: 'bar', data: months.map((m) => m.started) },
        { name: '办结', type: 'bar', data: months.map((m) => m.finished) },
        { name: '超时', type: 'bar', data: months.map((m) => m.overdue) },
        { name: '节点耗时中位数', type: 'line', yAxisIndex: 1, data: months.map((m) => m.medianHours) },
      ],
    }),
    [months],
  );
  const monthChart = useChart(monthOption, (p) => {
    const { name, seriesName } = p as { name: string; seriesName: string };
    const figure: Figure = seriesName === '办结' ? 'finished' : seriesName === '超时' ? 'overdue' : seriesName === '发起' ? 'started' : 'tasks';
    setDrill({ title: `${name} ${seriesName}`, figure, month: name, processKey });
  });
  const nodeRows = nodes.data ?? [];
  const nodeOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 16, top: 24, bottom: 48 },
      xAxis: { type: 'category', data: nodeRows.map((n) => n.nodeName) },
      yAxis: { type: 'value', name: '小时' },
      series: [
        { name: '中位数', type: 'bar', data: nodeRows.map((n) => n.medianHours) },
        { name: 'P90', type: 'bar', data: nodeRows.map((n) => n.p90Hours) },
        { name: '办理时限', type: 'line', step: 'middle', data: nodeRows.map((n) => n.timeLimitHours) },
      ],
    }),
    [nodeRows],
  );
  const nodeChart = useChart(nodeOption, (p) => {
    const node = nodeRows[(p as { dataIndex: number }).dataIndex];
    if (node) setDrill({ title: `${node.nodeName} 待办`, figure: 'tasks', processKey, nodeId: node.nodeId });
  });

  const processColumns: TableProps<AnalyticsProcess>['columns'] = [
    {
      title: '流程',
      dataIndex: 'processName',
      render: (v: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setProcessKey(r.processKey)}>
          {v}
        </Button>
      ),
    },
    ...(['started', 'finished', 'tasks', 'overdue'] as const).map((k) => ({
      title: k === 'tasks' ? '待办数' : FIGURE_LABELS[k],
      dataIndex: k,
      render: (v: number, r: AnalyticsProcess) => (
        <Num
          value={v}
          testId={`drill-${k}-${r.processKey}`}
          onClick={() => setDrill({ title: `${r.processName} ${FIGURE_LABELS[k]}`, figure: k, processKey: r.processKey })}
        />
      ),
    })),
    { title: '通过', dataIndex: 'passed' },
    { title: '驳回', dataIndex: 'rejected' },
    { title: '耗时中位数', dataIndex: 'medianHours', render: hours },
    { title: 'P90', dataIndex: 'p90Hours', render: hours },
    {
      title: '退回率',
      dataIndex: 'sendBackRate',
      render: (v: number, r) => (
        <Num value={`${v}%`} onClick={() => setDrill({ title: `${r.processName} 退回`, figure: 'rollback', processKey: r.processKey })} />
      ),
    },
    {
      title: '驳回率',
      dataIndex: 'rejectRate',
      render: (v: number, r) => (
        <Num value={`${v}%`} onClick={() => setDrill({ title: `${r.processName} 驳回`, figure: 'reject', processKey: r.processKey })} />
      ),
    },
  ];
  const nodeColumns: TableProps<AnalyticsNode>['columns'] = [
    { title: '节点', dataIndex: 'nodeName' },
    { title: '办理时限', dataIndex: 'timeLimitHours', render: (v: number | null) => (v ? `${v} h` : '不限') },
    {
      title: '待办',
      dataIndex: 'tasks',
      render: (v: number, r) => <Num value={v} onClick={() => setDrill({ title: `${r.nodeName} 待办`, figure: 'tasks', processKey, nodeId: r.nodeId })} />,
    },
    { title: '未处理', dataIndex: 'open' },
    { title: '中位数', dataIndex: 'medianHours', render: hours },
    { title: 'P90', dataIndex: 'p90Hours', render: hours },
    {
      title: '超时',
      dataIndex: 'overdue',
      render: (v: number, r) => (
        <Num
          value={v}
          testId={`drill-node-overdue-${r.nodeId}`}
          onClick={() => setDrill({ title: `${r.nodeName} 超时`, figure: 'overdue', processKey, nodeId: r.nodeId })}
        />
      ),
    },
    { title: '退回率', dataIndex: 'sendBackRate', render: (v: number) => `${v}%` },
    { title: '驳回率', dataIndex: 'rejectRate', render: (v: number) => `${v}%` },
  ];
  const approverColumns: TableProps<AnalyticsApprover>['columns'] = [
    { title: '审批人', dataIndex: 'userName' },
    {
      title: '待办',
      dataIndex: 'tasks',
      render: (v: number, r) => (
        <Num value={v} onClick={() => setDrill({ title: `${r.userName} 的待办`, figure: 'tasks', processKey, approverUserId: r.userId })} />
      ),
    },
    { title: '中位数', dataIndex: 'medianHours', render: hours },
    { title: 'P90', dataIndex: 'p90Hours', render: hours },
    {
      title: '超时',
      dataIndex: 'overdue',
      render: (v: number, r) => (
        <Num value={v} onClick={() => setDrill({ title: `${r.userName} 超时`, figure: 'overdue', processKey, approverUserId: r.userId })} />
      ),
    },
    { title: '退回', dataIndex: 'sendBacks' },
    { title: '驳回', dataIndex: 'rejects' },
  ];
  const processName = overview.data?.processes.find((p) => p.processKey === processKey)?.processName;

  return (
    <section aria-label="审批分析" data-testid="bpm-analytics">
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          picker="month"
          value={period}
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setPeriod([v[0], v[1]])}
          aria-label="统计月份"
        />
        <Select
          allowClear
          placeholder="全部流程"
          style={{ minWidth: 200 }}
          value={processKey}
          onChange={setProcessKey}
          aria-label="流程"
          options={(overview.data?.processes ?? []).map((p) => ({ value: p.processKey, label: p.processName }))}
        />
      </Space>
      <Card size="small" title="按月">
        <div ref={monthChart} style={{ width: '100%', height: 280 }} data-testid="analytics-month-chart" />
      </Card>
      <Card size="small" title="按流程" style={{ marginTop: 12 }}>
        <Table<AnalyticsProcess>
          rowKey="processKey"
          size="small"
          loading={overview.isFetching}
          columns={processColumns}
          dataSource={overview.data?.processes ?? []}
          pagination={false}
          scroll={{ x: 1000 }}
        />
      </Card>
      {processKey && (
        <Card size="small" title={`${processName ?? processKey}：按节点`} style={{ marginTop: 12 }} data-testid="analytics-nodes">
          <div ref={nodeChart} style={{ width: '100%', height: 240 }} />
          <Table<AnalyticsNode>
            rowKey="nodeId"
            size="small"
            loading={nodes.isFetching}
            columns={nodeColumns}
            dataSource={nodeRows}
            pagination={false}
            scroll={{ x: 900 }}
          />
        </Card>
      )}
      <Card size="small" title="最慢的审批人（按 P90）" style={{ marginTop: 12 }}>
        <Table<AnalyticsApprover>
          rowKey="userId"
          size="small"
          loading={approvers.isFetching}
          columns={approverColumns}
          dataSource={approvers.data ?? []}
          pagination={false}
        />
      </Card>
      <DrillDrawer drill={drill} filter={filter} onClose={() => setDrill(null)} />
    </section>
  );
}

function DrillDrawer({ drill, filter, onClose }: { drill: Drill | null; filter: { fromMonth: string; toMonth: string }; onClose(): void }) {
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const [open, setOpen] = useState<AnalyticsInstance | null>(null);
  const input = drill
    ? { ...filter, ...page, figure: drill.figure, processKey: drill.processKey, nodeId: drill.nodeId, approverUserId: drill.approverUserId, month: drill.month }
    : null;
  const list = useQuery({
    queryKey: ['bpm', 'analytics', 'drill', input],
    queryFn: () => api(bpmAnalyticsCalls.analyticsInstances, input as NonNullable<typeof input>),
    enabled: Boolean(input),
    placeholderData: keepPreviousData,
  });
  const View = open ? dialogFor(open.processKey) : null;
  const columns: TableProps<AnalyticsInstance>['columns'] = [
    { title: '流程', dataIndex: 'processName', width: 110 },
    { title: '标题', dataIndex: 'title' },
    { title: '发起人', dataIndex: 'initiatorName', width: 90 },
    { title: '发起时间', dataIndex: 'startedAt', width: 150, render: minuteText },
    { title: '节点', dataIndex: 'nodeName', width: 130 },
    { title: '审批人', dataIndex: 'approverName', width: 90 },
    { title: '耗时', dataIndex: 'taskHours', width: 90, render: (v: number | null, r) => (r.overdue ? <Tag color="red">{hours(v)}</Tag> : hours(v)) },
    {
      title: '',
      key: 'op',
      width: 70,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r)}>
          查看
        </Button>
      ),
    },
  ];
  return (
    <Drawer open={Boolean(drill)} title={drill?.title} size={1000} onClose={onClose} destroyOnHidden>
      <Table<AnalyticsInstance>
        rowKey="processInstanceId"
        size="small"
        data-testid="analytics-drill"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 900 }}
        onChange={(p) => setPage({ pageIndex: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: list.data?.total ?? 0, showTotal: (n) => `共 ${n} 条` }}
      />
      {View && open && <View open mode="detail" processInstanceId={open.processInstanceId} businessId={open.businessId} onClose={() => setOpen(null)} />}
    </Drawer>
  );
}
