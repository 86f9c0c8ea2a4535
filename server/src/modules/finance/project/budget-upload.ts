import { type BudgetUploadResult, FIN_MSG, PROJECT_PHASE } from '@erp/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { badRequest, conflict } from '../../../platform/errors';
import type { UploadedFile } from '../../../platform/http/multipart';
import type { Platform } from '../../../platform/platform';
import { attachment, workbookBuffer, XLSX_TYPE } from '../../../platform/resource/xlsx-export';
import { type ImportSpec, type RowError, runImport } from '../../../platform/resource/xlsx-import';
import { finBudgetSubjects } from './project.schema';
import { writableProject } from './project.service';
import { budgetTotal, draftVersionId, type LineValue, monthOf, monthsBetween, replaceLines } from './project-versions';

const SHEET = '项目预算';
const COLUMNS = [
  { key: 'subject', header: '预算科目', aliases: ['科目', '科目编码', 'Subject'], required: true },
  { key: 'month', header: '月份', aliases: ['Month'], required: true },
  { key: 'amount', header: '金额（元）', aliases: ['金额', 'Amount'], required: true },
];

/** Yuan text with at most two decimals → fen, exactly (no floating point). */
export function yuanToFen(text: string): number | 'negative' | null {
  const t = text.replace(/,/g, '').trim();
  if (!/^-?\d{1,11}(\.\d{1,2})?$/.test(t)) return null;
  if (t.startsWith('-')) return Number(t) === 0 ? 0 : 'negative';
  const [int, dec = ''] = t.split('.');
  return Number(int) * 100 + Number(dec.padEnd(2, '0'));
}

/** 2026-07, 2026-07-01, 2026/7, 202607 → 202607. */
export function parseMonth(text: string): number | null {
  const m = /^(\d{4})[-/.年]?(\d{1,2})(?:月)?(?:[-/.]\d{1,2})?$/.exec(text.trim());
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? Number(m[1]) * 100 + month : null;
}

async function subjectLookup(db: Db) {
  const list = await db
    .select()
    .from(finBudgetSubjects)
    .where(eq(finBudgetSubjects.enabled, true))
    .orderBy(asc(finBudgetSubjects.budgetType), asc(finBudgetSubjects.sort));
  const map = new Map<string, number>();
  for (const s of list) {
    map.set(s.code.toLowerCase(), s.id);
    map.set(s.name, s.id);
  }
  return { list, map };
}

async function periodOf(db: Db, user: Principal, input: { projectId?: number; startDate?: string; endDate?: string }) {
  if (input.projectId) {
    const project = await writableProject(db, user, input.projectId);
    if (!project.startDate || !project.endDate) throw badRequest('请先填写项目周期');
    return { project, from: monthOf(project.startDate), to: monthOf(project.endDate) };
  }
  if (!input.startDate || !input.endDate) throw badRequest('请先填写项目周期');
  if (input.endDate < input.startDate) throw badRequest(FIN_MSG.periodOrder);
  return { project: null, from: monthOf(input.startDate), to: monthOf(input.endDate) };
}

/**
 * Checks a budget sheet (subject, month, amount in yuan) row by row: unknown subject, negative or
 * malformed amount, month outside the project period, a subject and month twice. Nothing is
 * written unless `confirm` is set and the whole file is clean; then the draft budget of the project
 * is replaced by the file in one transaction. The lines come back either way for the form.
 */
export async function uploadBudget(
  platform: Platform,
  user: Principal,
  file: UploadedFile | undefined,
  input: { projectId?: number; startDate?: string; endDate?: string; confirm: boolean },
): Promise<BudgetUploadResult> {
  const { project, from, to } = await periodOf(platform.db, user, input);
  if (input.confirm && project && (project.phase !== PROJECT_PHASE.draft || !['draft', 'returned', 'rejected', 'revoked'].includes(project.state)))
    throw conflict(FIN_MSG.notEditable);
  const subjects = await subjectLookup(platform.db);
  const spec = (collect: LineValue[]): ImportSpec<LineValue> => ({
    sheet: SHEET,
    columns: COLUMNS,
    async parse(cells) {
      const errors: RowError[] = [];
      const subjectId = subjects.map.get((cells.subject ?? '').toLowerCase()) ?? subjects.map.get(cells.subject ?? '');
      if (!cells.subject) errors.push({ field: 'subject', message: '请填写预算科目' });
      else if (!subjectId) errors.push({ field: 'subject', message: `${FIN_MSG.subjectUnknown}：${cells.subject}` });
      const month = parseMonth(cells.month ?? '');
      if (month === null) errors.push({ field: 'month', message: `月份格式不正确（yyyy-MM）：${cells.month ?? ''}` });
      else if (month < from || month > to) errors.push({ field: 'month', message: `${FIN_MSG.monthOutside}：${cells.month}` });
      const amount = yuanToFen(cells.amount ?? '');
      if (amount === 'negative') errors.push({ field: 'amount', message: `${FIN_MSG.amountNegative}：${cells.amount}` });
      else if (amount === null) errors.push({ field: 'amount', message: `${FIN_MSG.amountInvalid}：${cells.amount ?? ''}` });
      if (errors.length || !subjectId || month === null || typeof amount !== 'number') return { errors };
      const value = { subjectId, month, amount };
      collect.push(value);
      return { value, errors };
    },
    uniqueKeys: (v) => [{ field: 'month', key: `${v.subjectId}:${v.month}`, message: '同一科目同一月份重复' }],
    async write(tx, rows) {
      if (project) await replaceLines(tx, await draftVersionId(tx, project.id, user.userId, budgetTotal(rows)), rows, user.userId);
    },
  });
  const checkedLines: LineValue[] = [];
  const checked = await runImport(platform, user, spec(checkedLines), file, false);
  const clean = !checked.errors.length && checked.valid === checked.total;
  if (input.confirm && !clean) return { ...checked, confirmed: false, lines: [] };
  if (!input.confirm || !project) return { ...checked, confirmed: input.confirm && clean, lines: clean ? merge(checkedLines) : [] };
  const written: LineValue[] = [];
  const result = await runImport(platform, user, spec(written), file, true);
  return { ...result, lines: merge(written) };
}

/** One line per subject and month (in-file duplicates are errors, so this only orders them). */
function merge(lines: LineValue[]): LineValue[] {
  return [...lines].sort((a, b) => a.subjectId - b.subjectId || a.month - b.month);
}

/** The budget template: every enabled subject for every month of the period (amounts empty). */
export async function sendBudgetTemplate(db: Db, user: Principal, reply: FastifyReply, input: { projectId?: number; startDate?: string; endDate?: string }) {
  let from: number;
  let to: number;
  try {
    ({ from, to } = await periodOf(db, user, input));
  } catch {
    const y = new Date().getFullYear();
    from = y * 100 + 1;
    to = y * 100 + 12;
  }
  const { list } = await subjectLookup(db);
  const months = monthsBetween(from, to).slice(0, 120);
  const rows = list.flatMap((s) => months.map((m) => [s.code, `${Math.floor(m / 100)}-${String(m % 100).padStart(2, '0')}`, '']));
  const buffer = await workbookBuffer(
    SHEET,
    COLUMNS.map((c) => `*${c.header}`),
    rows,
  );
  return reply.header('content-type', XLSX_TYPE).header('content-disposition', attachment('项目预算导入模板.xlsx')).send(buffer);
}
