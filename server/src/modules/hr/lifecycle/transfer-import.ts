import { CHANGE_TYPE, ZTransferForm } from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { grades, orgUnits } from '../../../db/schema';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { CallContext } from '../../../platform/http/context';
import type { UploadedFile } from '../../../platform/http/multipart';
import type { Platform } from '../../../platform/platform';
import { type ImportSpec, type RowError, runImport, sendTemplate } from '../../../platform/resource/xlsx-import';
import { employeeFor } from '../employee-access';
import { employees } from '../hr.schema';
import { submitTransfer } from './requests.service';

type Row = z.output<typeof ZTransferForm> & { employeeCode: string };

/**
 * Batch transfers (importReceiveList): one row per employee — code, receiving unit code, position,
 * grade code, effective date, reason. Every row is checked like a single start (scope, unit,
 * grade); with confirm all valid rows are stored and submitted in one transaction, so a row refused
 * at submission (e.g. an open request started meanwhile) stores none of them.
 */
function spec(db: Db, user: Principal): ImportSpec<Row> {
  return {
    sheet: '批量调动',
    columns: [
      { key: 'employeeCode', header: '工号', required: true },
      { key: 'org', header: '调入部门编码', required: true },
      { key: 'positionName', header: '新岗位' },
      { key: 'grade', header: '新职级编码' },
      { key: 'effectiveDate', header: '生效日期', required: true },
      { key: 'reason', header: '调动原因', required: true },
    ],
    async parse(cells) {
      const errors: RowError[] = [];
      for (const [k, label] of [
        ['employeeCode', '工号'],
        ['org', '调入部门编码'],
        ['effectiveDate', '生效日期'],
        ['reason', '调动原因'],
      ] as const)
        if (!cells[k]) errors.push({ field: k, message: `${label}不能为空` });
      if (errors.length) return { errors };
      const [emp] = await db
        .select({ id: employees.id, orgId: employees.orgId })
        .from(employees)
        .where(eq(employees.employeeCode, cells.employeeCode as string));
      if (!emp) return { errors: [{ field: 'employeeCode', message: `员工不存在：${cells.employeeCode}` }] };
      try {
        await employeeFor(db, user, emp.id, 'read');
      } catch {
        return { errors: [{ field: 'employeeCode', message: `员工不存在：${cells.employeeCode}` }] };
      }
      const [org] = await db
        .select({ id: orgUnits.id, isClient: orgUnits.isClient })
        .from(orgUnits)
        .where(sql`lower(${orgUnits.code}) = ${(cells.org as string).toLowerCase()}`);
      if (!org || org.isClient) errors.push({ field: 'org', message: `部门不存在：${cells.org}` });
      else if (org.id === emp.orgId) errors.push({ field: 'org', message: '调入部门不能与当前部门相同' });
      let gradeId: number | null = null;
      if (cells.grade) {
        const [g] = await db.select({ id: grades.id }).from(grades).where(sql`lower(${grades.code}) = ${cells.grade.toLowerCase()}`);
        if (!g) errors.push({ field: 'grade', message: `职级不存在：${cells.grade}` });
        gradeId = g?.id ?? null;
      }
      const parsed = ZTransferForm.safeParse({
        employeeId: emp.id,
        changeType: CHANGE_TYPE.transfer,
        toOrgId: org?.id,
        toPositionName: cells.positionName || null,
        toGradeId: gradeId,
        effectiveDate: cells.effectiveDate,
        reason: cells.reason,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors.push({ field: String(issue.path[0] ?? 'employeeCode'), message: issue.message });
      }
      if (errors.length || !parsed.success) return { errors };
      return { errors, value: { ...parsed.data, employeeCode: cells.employeeCode as string } };
    },
    uniqueKeys: (v) => [{ field: 'employeeCode', key: `e:${v.employeeId}`, message: `工号重复：${v.employeeCode}` }],
    async write(tx, rows) {
      for (const [i, r] of rows.entries()) {
        try {
          await submitTransfer(tx, user, r);
        } catch (err) {
          // Names the row: the whole file is refused and nothing is stored.
          if (err instanceof AppError) throw new AppError(err.status, `第${i + 1}条（${r.employeeCode}）：${err.message}`, err.code);
          throw err;
        }
      }
    },
  };
}

export async function importTransfers(platform: Platform, file: UploadedFile | undefined, confirm: boolean, ctx: Pick<CallContext, 'audit' | 'user'>) {
  const result = await runImport(platform, ctx.user, spec(platform.db, ctx.user), file, confirm);
  ctx.audit({ after: { import: file?.filename ?? null, confirm, total: result.total, written: result.written } });
  return result;
}

export function transferTemplate(platform: Platform, user: Principal, reply: FastifyReply) {
  return sendTemplate(reply, spec(platform.db, user), '批量调动模板.xlsx', ['E10007', 'D003', '会计', 'P3', '2026-12-01', '业务调整']);
}

/** The on-duty information form for hires who fill it on paper (downOnDutyModel). */
export function onDutyModel(reply: FastifyReply) {
  return sendTemplate(
    reply,
    {
      sheet: '入职信息登记表',
      columns: [
        { key: 'name', header: '姓名', required: true },
        { key: 'gender', header: '性别' },
        { key: 'idNumber', header: '证件号码', required: true },
        { key: 'phone', header: '手机号', required: true },
        { key: 'email', header: '邮箱' },
        { key: 'address', header: '现居住地址' },
        { key: 'registeredAddress', header: '户籍地址' },
        { key: 'highestEducation', header: '最高学历' },
        { key: 'school', header: '毕业院校' },
        { key: 'emergencyContact', header: '紧急联系人', required: true },
        { key: 'emergencyPhone', header: '紧急联系人电话', required: true },
        { key: 'bankName', header: '工资卡开户行' },
        { key: 'bankAccount', header: '工资卡账号' },
      ],
    },
    '入职信息登记表.xlsx',
  );
}
