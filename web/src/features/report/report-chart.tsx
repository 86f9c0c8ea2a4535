import type { ReportChart, ReportResult, ReportRow } from '@erp/contract/modules/report';
import { Card } from 'antd';
import { useMemo } from 'react';
import { useChart } from '../../components/charts/use-chart';

/** One chart of a report; a click on a bar, point or slice opens the records behind it. */
export function ReportChartCard({ chart, result, onDrill }: { chart: ReportChart; result: ReportResult; onDrill: (row: ReportRow, measure: string) => void }) {
  const columns = useMemo(() => new Map(result.columns.map((c) => [c.key, c])), [result]);
  const slices = useMemo(() => result.rows.filter((r) => (r.values[chart.measures[0] ?? ''] ?? 0) > 0), [result, chart]);
  const option = useMemo(() => {
    if (chart.kind === 'pie') {
      const m = chart.measures[0] ?? '';
      return {
        tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
        legend: { type: 'scroll', bottom: 0 },
        series: [{ type: 'pie', radius: ['35%', '65%'], name: columns.get(m)?.title, data: slices.map((r) => ({ name: r.label, value: r.values[m] })) }],
      };
    }
    return {
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 16, top: 24, bottom: 56 },
      xAxis: { type: 'category', data: result.rows.map((r) => r.label), axisLabel: { hideOverlap: true } },
      // A head count of thousands that moves by dozens: a line starts near its values, not at 0.
      yAxis: { type: 'value', scale: chart.kind === 'line' },
      series: chart.measures.map((m) => ({
        name: columns.get(m)?.title ?? m,
        type: chart.kind,
        smooth: chart.kind === 'line',
        data: result.rows.map((r) => r.values[m]),
      })),
    };
  }, [chart, result, columns, slices]);
  const host = useChart(option, (params) => {
    const p = params as { dataIndex: number; seriesIndex: number };
    const row = chart.kind === 'pie' ? slices[p.dataIndex] : result.rows[p.dataIndex];
    const measure = chart.kind === 'pie' ? chart.measures[0] : chart.measures[p.seriesIndex];
    if (row && measure && columns.get(measure)?.drill) onDrill(row, measure);
  });
  return (
    <Card size="small" title={chart.title}>
      <div ref={host} style={{ height: 300 }} data-testid="report-chart" />
    </Card>
  );
}
