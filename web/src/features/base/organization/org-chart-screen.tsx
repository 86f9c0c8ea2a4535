import { baseCalls, type OrgTreeNode } from '@erp/contract/modules/base';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../../app/api/client';

interface ChartNode {
  name: string;
  value: number;
  direct: number;
  collapsed?: boolean;
  itemStyle?: { color: string; borderColor: string };
  children: ChartNode[];
}

/** Head count of a unit and everything below it (the tree carries each unit's direct members). */
function total(n: OrgTreeNode): number {
  return n.memberCount + n.children.reduce((sum, c) => sum + total(c), 0);
}

/**
 * The chart's nodes: name, leader and head count in the box; the units on the way to a search hit
 * are opened and the hits coloured, the rest keeps the chart's default depth.
 */
function toChart(nodes: OrgTreeNode[], keyword: string, depth = 0): { nodes: ChartNode[]; hits: number } {
  let hits = 0;
  const out = nodes.map((n) => {
    const below = toChart(n.children, keyword, depth + 1);
    const hit = Boolean(keyword) && n.name.includes(keyword);
    hits += below.hits + (hit ? 1 : 0);
    const count = total(n);
    return {
      name: `${n.name}${n.leaderName ? `\n${n.leaderName}` : ''}\n${count}人`,
      value: count,
      direct: n.memberCount,
      ...(keyword ? { collapsed: below.hits === 0 } : depth >= 2 ? { collapsed: true } : {}),
      ...(hit ? { itemStyle: { color: '#d46b08', borderColor: '#d46b08' } } : {}),
      children: below.nodes,
    };
  });
  return { nodes: out, hits };
}

interface Chart {
  dispose(): void;
  resize(): void;
  setOption(o: unknown, notMerge?: boolean): void;
  getOption(): { series?: Array<{ zoom?: number }> };
}

/**
 * The organisation as a top-down chart (ECharts, loaded with this screen only): each unit with its
 * leader and head count (itself and below); drag to move, wheel or the buttons to zoom, search to
 * open and mark the units whose name holds the keyword.
 */
export default function OrgChartScreen() {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [keyword, setKeyword] = useState('');
  const tree = useQuery({ queryKey: ['base', 'org', 'tree', {}], queryFn: () => api(baseCalls.orgTree, {}) });
  const chartData = useMemo(() => toChart(tree.data ?? [], keyword), [tree.data, keyword]);
  const people = useMemo(() => (tree.data ?? []).reduce((s, n) => s + total(n), 0), [tree.data]);

  useEffect(() => {
    if (!chartData.nodes.length || !host.current) return;
    let disposed = false;
    const onResize = () => chart.current?.resize();
    void import('echarts').then((echarts) => {
      if (disposed || !host.current) return;
      const c = (chart.current ?? echarts.init(host.current)) as unknown as Chart;
      chart.current = c;
      c.setOption(
        {
          tooltip: {
            trigger: 'item',
            formatter: (p: { name: string; value: number; data: ChartNode }) =>
              `${p.name.split('\n')[0]}<br/>总人数：${p.value}<br/>直属人数：${p.data.direct}`,
          },
          series: [
            {
              type: 'tree',
              data: chartData.nodes,
              orient: 'TB',
              top: 40,
              bottom: 80,
              left: 20,
              right: 20,
              roam: true,
              symbol: 'roundRect',
              // Tall enough for a long name on two lines plus the head count: names wrap, never cut off.
              symbolSize: [128, 64],
              expandAndCollapse: true,
              label: { position: 'inside', color: '#fff', fontSize: 11, lineHeight: 14, width: 118, overflow: 'break' },
              itemStyle: { color: '#1677ff', borderColor: '#1677ff' },
              leaves: { label: { position: 'inside' } },
              lineStyle: { curveness: 0 },
            },
          ],
        },
        true,
      );
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
    };
  }, [chartData]);
  useEffect(
    () => () => {
      chart.current?.dispose();
      chart.current = null;
    },
    [],
  );

  const zoom = (factor: number | null) => {
    const c = chart.current;
    if (!c) return;
    const current = c.getOption().series?.[0]?.zoom ?? 1;
    c.setOption({ series: [{ zoom: factor === null ? 1 : Math.min(4, Math.max(0.25, current * factor)), center: factor === null ? null : undefined }] });
  };

  if (tree.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (tree.isError) return <Result status="warning" title="组织架构加载失败" />;
  if (!tree.data?.length) return <Empty description="暂无组织" style={{ padding: 48 }} />;
  return (
    <div style={{ padding: 16, background: '#fff', height: '100%', minHeight: 560, display: 'flex', flexDirection: 'column' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
        <Space wrap>
          <Input.Search allowClear placeholder="搜索部门" aria-label="搜索部门" style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />
          {keyword && (
            <Typography.Text type={chartData.hits ? 'secondary' : 'warning'}>
              {chartData.hits ? `找到 ${chartData.hits} 个部门` : '没有名称包含该关键字的部门'}
            </Typography.Text>
          )}
        </Space>
        <Space wrap>
          <Typography.Text type="secondary">共 {people} 人</Typography.Text>
          <Button onClick={() => zoom(1.25)}>放大</Button>
          <Button onClick={() => zoom(0.8)}>缩小</Button>
          <Button onClick={() => zoom(null)}>复位</Button>
        </Space>
      </Space>
      <div ref={host} data-testid="org-chart" style={{ flex: 1, minHeight: 520 }} />
    </div>
  );
}
