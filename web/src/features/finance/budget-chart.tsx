import { useEffect, useRef } from 'react';

interface Chart {
  setOption(option: unknown, notMerge?: boolean): void;
  resize(): void;
  dispose(): void;
}

export interface Series {
  name: string;
  values: number[];
  /** Bars by default; a line for ratios or actuals. */
  kind?: 'bar' | 'line';
}

/** Budget against actual (amounts in fen, shown in 万元), ECharts loaded with the screen that draws it. */
export function BudgetChart({ categories, series, height = 300, title }: { categories: string[]; series: Series[]; height?: number; title?: string }) {
  const host = useRef<HTMLDivElement | null>(null);
  const chart = useRef<Chart | null>(null);
  useEffect(() => {
    let disposed = false;
    void import('echarts').then((echarts) => {
      if (disposed || !host.current) return;
      const c = (chart.current ?? echarts.init(host.current)) as unknown as Chart;
      chart.current = c;
      c.setOption(
        {
          title: title ? { text: title, left: 'center', textStyle: { fontSize: 14 } } : undefined,
          tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${Number(v).toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 万元` },
          legend: { bottom: 0 },
          grid: { left: 60, right: 20, top: title ? 40 : 20, bottom: 40 },
          xAxis: { type: 'category', data: categories },
          yAxis: { type: 'value', name: '万元' },
          series: series.map((s) => ({
            name: s.name,
            type: s.kind ?? 'bar',
            data: s.values.map((v) => Math.round(v / 100) / 10000),
            smooth: s.kind === 'line',
          })),
        },
        true,
      );
    });
    return () => {
      disposed = true;
    };
  }, [categories, series, title]);
  useEffect(() => {
    const onResize = () => chart.current?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  return <div ref={host} style={{ width: '100%', height }} data-testid="budget-chart" />;
}
