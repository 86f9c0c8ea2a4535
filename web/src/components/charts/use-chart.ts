import { useEffect, useRef } from 'react';

interface Chart {
  setOption(option: unknown, notMerge?: boolean): void;
  resize(): void;
  dispose(): void;
  on(event: string, handler: (params: unknown) => void): void;
  off(event: string): void;
}

/**
 * Draws an ECharts option into the element the returned ref is put on. ECharts is loaded with the
 * first chart (never with the shell); the chart follows the window's size and is disposed with
 * the element. `onClick` gets ECharts' click params (drill-down).
 */
export function useChart<T extends HTMLElement = HTMLDivElement>(option: unknown, onClick?: (params: unknown) => void) {
  const ref = useRef<T | null>(null);
  const chart = useRef<Chart | null>(null);
  const click = useRef(onClick);
  click.current = onClick;
  useEffect(() => {
    let gone = false;
    void import('echarts').then((echarts) => {
      if (gone || !ref.current) return;
      if (!chart.current) {
        chart.current = echarts.init(ref.current) as unknown as Chart;
        chart.current.on('click', (p) => click.current?.(p));
      }
      chart.current.setOption(option, true);
    });
    return () => {
      gone = true;
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
  return ref;
}
