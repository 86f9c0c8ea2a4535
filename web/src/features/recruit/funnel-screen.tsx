import type { Funnel } from '@erp/contract/modules/recruit';
import { CANDIDATE_STAGES, recruitCalls, STAGE_NAMES } from '@erp/contract/modules/recruit';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Row, Select, Space, Statistic, Table, type TableColumnsType, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api, download } from '../../app/api/client';
import { useChart } from '../../components/charts/use-chart';
import { ScreenFrame } from '../base/screen-frame';
import { DemandSelect, useDictSelect } from './shared';

const groupColumns: TableColumnsType<Funnel['byDemand'][number]> = [
  { title: '名称', dataIndex: 'label' },
  { title: '候选人', dataIndex: 'candidates' },
  ...CANDIDATE_STAGES.slice(1).map((s) => ({ title: STAGE_NAMES[s], dataIndex: ['stages', s] })),
];

/** Funnel analytics per demand, recruiter, channel and month; xlsx export of the same numbers. */
export default function FunnelScreen() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(11, 'month').startOf('month'), dayjs()]);
  const [demandId, setDemandId] = useState<number | null>(null);
  const [source, setSource] = useState<string | undefined>();
  const sources = useDictSelect('RECRUITSOURCE');
  const input = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD'), demandId, source };
  const { data } = useQuery({ queryKey: ['recruit', 'funnel', input], queryFn: () => api(recruitCalls.funnel, input) });
  const f: Funnel | undefined = data;
  const funnelHost = useChart(
    f && {
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'funnel',
          sort: 'none',
          left: '10%',
          width: '80%',
          label: { show: true, position: 'inside', formatter: '{b}：{c}' },
          data: f.stages.map((s) => ({ name: s.name, value: s.reached })),
        },
      ],
    },
  );
  const monthHost = useChart(
    f && {
      tooltip: { trigger: 'axis' },
      legend: { data: ['候选人', '面试', 'Offer', '入职'] },
      xAxis: { type: 'category', data: f.byMonth.map((m) => m.label) },
      yAxis: { type: 'value' },
      series: [
        { name: '候选人', type: 'bar', data: f.byMonth.map((m) => m.candidates) },
        { name: '面试', type: 'bar', data: f.byMonth.map((m) => m.stages['030']) },
        { name: 'Offer', type: 'bar', data: f.byMonth.map((m) => m.stages['050']) },
        { name: '入职', type: 'line', data: f.byMonth.map((m) => m.hired) },
      ],
    },
  );
  return (
    <ScreenFrame>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])} />
        <DemandSelect value={demandId} onChange={setDemandId} />
        <Select placeholder="渠道" aria-label="渠道" allowClear style={{ width: 140 }} value={source} onChange={setSource} options={sources} />
        <Button onClick={() => download(recruitCalls.funnelExport, input, `招聘漏斗_${input.from}_${input.to}.xlsx`)}>导出</Button>
      </Space>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title="候选人" value={f?.stages[0]?.reached ?? 0} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="入职" value={f?.stages.at(-1)?.reached ?? 0} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="入职周期中位数（天）" value={f?.medianDaysToHire ?? '—'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Offer接受率" value={f?.offerAcceptance ?? '—'} suffix={f?.offerAcceptance !== null ? '%' : ''} />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card title="招聘漏斗" size="small">
            <div ref={funnelHost} style={{ height: 320 }} data-testid="funnel-chart" />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="按月" size="small">
            <div ref={monthHost} style={{ height: 320 }} />
          </Card>
        </Col>
      </Row>
      <Card size="small" style={{ marginTop: 16 }} title="阶段转化">
        <Table
          size="small"
          rowKey="stage"
          pagination={false}
          dataSource={f?.stages ?? []}
          columns={[
            { title: '阶段', dataIndex: 'name' },
            { title: '到达人数', dataIndex: 'reached' },
            { title: '较上一阶段转化率', dataIndex: 'conversion', render: (v: number | null) => (v === null ? '—' : `${v}%`) },
            { title: '停留天数中位数', dataIndex: 'medianDays', render: (v: number | null) => v ?? '—' },
          ]}
        />
      </Card>
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          { key: 'demand', label: '按需求', children: <Table size="small" rowKey="key" dataSource={f?.byDemand ?? []} columns={groupColumns} /> },
          { key: 'recruiter', label: '按招聘专员', children: <Table size="small" rowKey="key" dataSource={f?.byRecruiter ?? []} columns={groupColumns} /> },
          { key: 'source', label: '按渠道', children: <Table size="small" rowKey="key" dataSource={f?.bySource ?? []} columns={groupColumns} /> },
          { key: 'month', label: '按月份', children: <Table size="small" rowKey="key" dataSource={f?.byMonth ?? []} columns={groupColumns} /> },
        ]}
      />
    </ScreenFrame>
  );
}
