import type { BudgetSummary, PeriodTable, ProjectPeriodRow } from '@erp/contract';
import type { FastifyReply } from 'fastify';
import { attachment, workbookBuffer, XLSX_TYPE } from '../../../platform/resource/xlsx-export';
import { TYPE_NAMES } from './statistics';

/** Amounts in the sheets are yuan with two decimals (the stored fen / 100). */
const yuan = (fen: number) => Number((fen / 100).toFixed(2));

export async function sendSheet(reply: FastifyReply, filename: string, sheet: string, header: string[], rows: Array<Array<string | number | null>>) {
  const buffer = await workbookBuffer(sheet, header, rows);
  return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment(filename)).send(buffer);
}

/** A period table: one line for the budget and one for the actual of each row. */
export function periodSheet(t: PeriodTable): { header: string[]; rows: Array<Array<string | number>> } {
  return {
    header: ['项目', '类型', '口径', ...t.periods, '合计（元）'],
    rows: t.rows.flatMap((r) => [
      [r.name, r.budgetType ? (TYPE_NAMES[r.budgetType] ?? '') : '', '预算', ...r.budget.map(yuan), yuan(r.budgetTotal)],
      [r.name, r.budgetType ? (TYPE_NAMES[r.budgetType] ?? '') : '', '实际', ...r.actual.map(yuan), yuan(r.actualTotal)],
    ]),
  };
}

export const SUMMARY_HEADER = ['名称', '项目数', '合同金额', '预算收入', '预算成本', '预算费用', '预算毛利', '实际收入', '实际成本', '实际费用', '实际毛利'];
export function summaryRow(name: string, s: BudgetSummary): Array<string | number> {
  return [
    name,
    s.projectCount,
    yuan(s.contractAmount),
    yuan(s.budgetIncome),
    yuan(s.budgetOutcome),
    yuan(s.budgetExpense),
    yuan(s.budgetProfit),
    yuan(s.actualIncome),
    yuan(s.actualOutcome),
    yuan(s.actualExpense),
    yuan(s.actualProfit),
  ];
}

export function projectPeriodSheet(records: ProjectPeriodRow[], periods: string[]) {
  const header = [
    '项目编号',
    '项目名称',
    '所属部门',
    '甲方',
    ...periods.flatMap((p) => [`${p}收入`, `${p}成本`, `${p}费用`, `${p}毛利`]),
    '收入合计',
    '毛利合计',
  ];
  const rows = records.map((r) => [
    r.projectNo ?? '',
    r.projectName,
    r.deptName ?? '',
    r.clientName ?? '',
    ...periods.flatMap((_, i) => [yuan(r.income[i] ?? 0), yuan(r.outcome[i] ?? 0), yuan(r.expense[i] ?? 0), yuan(r.profit[i] ?? 0)]),
    yuan(r.totalIncome),
    yuan(r.totalProfit),
  ]);
  return { header, rows };
}

export { yuan };
