import type { ReportColumn } from '@erp/contract/modules/report';

/** A figure as the table, the charts' tooltips and the export show it. */
export function formatValue(column: Pick<ReportColumn, 'kind'>, v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  if (column.kind === 'percent') return `${v.toFixed(2)}%`;
  if (column.kind === 'number') return v.toLocaleString('zh-CN', { maximumFractionDigits: 1 });
  return v.toLocaleString('zh-CN');
}
