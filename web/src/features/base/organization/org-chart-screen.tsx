import { baseCalls, type OrgTreeNode } from '@erp/contract/modules/base';
import { useQuery } from '@tanstack/react-query';
import { Empty, Result, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { api } from '../../../app/api/client';

interface ChartNode {
  name: string;
  value: number;
  children: ChartNode[];
}

const toChart = (nodes: OrgTreeNode[]): ChartNode[] =>
  nodes.map((n) => ({ name: n.leaderName ? `${n.name}\n${n.leaderName}` : n.name, value: n.memberCount, children: toChart(n.children) }));

/** The organisation as a top-down chart (ECharts, loaded with this screen only). */
export default function OrgChartScreen() {
  const host = useRef<HTMLDivElement>(null);
  const tree = useQuery({ queryKey: ['base', 'org', 'tree', {}], queryFn: () => api(baseCalls.orgTree, {}) });
  useEffect(() => {
    if (!tree.data?.length || !host.current) return;
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | undefined;
    const onResize = () => chart?.resize();
    void import('echarts').then((echarts) => {
      if (disposed || !host.current) return;
      const c = echarts.init(host.current);
      chart = c;
      c.setOption({
        tooltip: { trigger: 'item', formatter: (p: { name: string; value: number }) => `${p.name.replace('\n', ' · ')}<br/>直属人数：${p.value}` },
        series: [
          {
            type: 'tree',
            data: toChart(tree.data),
            orient: 'TB',
            top: 40,
            bottom: 80,
            left: 20,
            right: 20,
            symbol: 'roundRect',
            symbolSize: [96, 36],
            initialTreeDepth: 3,
            expandAndCollapse: true,
            label: { position: 'inside', color: '#fff', fontSize: 11, lineHeight: 14 },
            itemStyle: { color: '#1677ff', borderColor: '#1677ff' },
            leaves: { label: { position: 'inside' } },
            lineStyle: { curveness: 0 },
          },
        ],
      });
      window.addEventListener('resize', onResize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [tree.data]);
  if (tree.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  if (tree.isError) return <Result status="warning" title="组织架构加载失败" />;
  if (!tree.data?.length) return <Empty style={{ marginTop: 64 }} />;
  return <div ref={host} data-testid="org-chart" style={{ width: '100%', height: 'calc(100vh - 140px)', minHeight: 480, background: '#fff' }} />;
}
