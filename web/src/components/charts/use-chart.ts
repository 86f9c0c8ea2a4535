import { useEffect, useRef } from 'react';

interface Chart {
  setOption(option: unknown, notMerge?: boolean): void;
  resize(): void;
  dispose(): void;
  on(event: string, handler: (params: { dataIndex: number; seriesIndex: number; name: string }) => void): void;
  off(event: string): void;
}

export interface ChartClick {
  /** Index of the category (x axis) or of the pie slice. */
  dataIndex: number;
  seriesIndex: number;
  name: string;
}

/**
 * Draws an ECharts option into the returned element's host. ECharts is imported on first use, so it
 * travels with the screens that draw charts, never with the shell. The option is replaced (not
 * merged) when it changes; the chart follows the window's size and is disposed with the component.
 */
export function useChart(option: unknown, onClick?: (p: ChartClick) => void) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const click = useRef(onClick);
  click.current = onClick;
  useEffect(() => {
    let disposed = false;
    if (!option) return;
    void import('echarts').then((echarts) => {
      if (disposed || !host.current) return;
      if (!chart.current) {
        chart.current = echarts.init(host.current) as unknown as Chart;
        chart.current.on('click', (p) => click.current?.({ dataIndex: p.dataIndex, seriesIndex: p.seriesIndex, name: p.name }));
      }
      chart.current.setOption(option, true);
    });
    return () => {
      disposed = true;
    };
  }, [option]);
  useEffect(() => {
    const onResize = () => chart.current?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  return host;
}
