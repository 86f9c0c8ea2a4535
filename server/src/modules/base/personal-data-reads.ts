import { type MyDataRead, type PersonalDataRead, personalDataReadMeta, privacyCalls } from '@erp/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { employees, personalDataReads, systemState, users } from '../../db/schema';
import { type Db, queryRows } from '../../platform/db';
import { implement, type Route } from '../../platform/http/context';
import { langOf } from '../../platform/http/i18n';
import type { Platform } from '../../platform/platform';
import { prunePersonalReads, RETENTION_KEY, retentionDays } from '../../platform/privacy/personal-data';
import { atLeast, atMost, contains } from '../../platform/resource/filters';
import { exportColumns } from '../../platform/resource/labels';
import { defineResource } from '../../platform/resource/resource';
import { sendXlsx } from '../../platform/resource/xlsx-export';

/** The personal-data read log for administrators, and each employee's view of reads of their own data (issue 34 §5). */

const reader = alias(users, 'reader');
const subject = alias(employees, 'subject');

export const personalDataReadResource = defineResource<PersonalDataRead, typeof personalDataReads>({
  meta: personalDataReadMeta,
  table: personalDataReads,
  idColumn: personalDataReads.id,
  select: {
    id: personalDataReads.id,
    at: personalDataReads.at,
    readerUserId: personalDataReads.readerUserId,
    readerCode: reader.userCode,
    readerName: reader.realName,
    subjectEmployeeId: personalDataReads.subjectEmployeeId,
    subjectName: subject.name,
    subjectCount: personalDataReads.subjectCount,
    fields: personalDataReads.fields,
    call: personalDataReads.call,
    filter: personalDataReads.filter,
    ip: personalDataReads.ip,
  },
  joins: [
    { table: reader, on: eq(reader.id, personalDataReads.readerUserId) },
    { table: subject, on: eq(subject.id, personalDataReads.subjectEmployeeId) },
  ],
  filters: {
    readerName: contains(reader.realName),
    subjectName: contains(subject.name),
    atFrom: atLeast(personalDataReads.at),
    atTo: atMost(personalDataReads.at),
  },
  sortable: { at: personalDataReads.at },
  defaultOrder: [desc(personalDataReads.id)],
});

/** Reads of the signed-in employee's data by others, one person at a time: who (name and roles), when and what. */
async function myDataReads(db: Db, employeeId: number | null, pageIndex: number, pageSize: number) {
  if (!employeeId) return { total: 0, records: [] as MyDataRead[], pageIndex, pageSize };
  const rows = await queryRows<{ at: string; reader_name: string | null; roles: string | null; fields: string; total: number }>(
    db,
    sql`SELECT to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, u.real_name AS reader_name,
        (SELECT string_agg(ro.name, '、' ORDER BY ro.name) FROM user_roles ur JOIN roles ro ON ro.id = ur.role_id WHERE ur.user_id = r.reader_user_id) AS roles,
        r.fields, count(*) OVER () AS total
      FROM personal_data_reads r LEFT JOIN users u ON u.id = r.reader_user_id
      WHERE r.subject_employee_id = ${employeeId}
      ORDER BY r.at DESC, r.id DESC LIMIT ${pageSize} OFFSET ${(pageIndex - 1) * pageSize}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    pageIndex,
    pageSize,
    records: rows.map((r) => ({ at: r.at, readerName: r.reader_name, readerRoles: r.roles ?? '', fields: r.fields })),
  };
}

export function privacyRoutes(platform: Platform): Route[] {
  const db = platform.db;
  return implement(privacyCalls, {
    readLogPage: (input) => personalDataReadResource.page(db, input, null),
    readLogExport: async (input, ctx) => {
      const lang = langOf(ctx.req);
      return sendXlsx(ctx.reply, {
        filename: lang === 'en' ? 'personal-data-reads.xlsx' : '个人信息查阅记录.xlsx',
        sheet: lang === 'en' ? 'Reads' : '查阅记录',
        columns: await exportColumns(platform, personalDataReadMeta, lang),
        batches: personalDataReadResource.batches(db, input, null),
      });
    },
    settings: async () => ({ retentionDays: await retentionDays(db) }),
    saveSettings: async (input, ctx) => {
      await db
        .insert(systemState)
        .values({ key: RETENTION_KEY, value: String(input.retentionDays) })
        .onConflictDoUpdate({ target: systemState.key, set: { value: String(input.retentionDays), updatedAt: new Date() } });
      const removed = await prunePersonalReads(db);
      ctx.audit({ recordId: RETENTION_KEY, after: { ...input, removed } });
      return { retentionDays: input.retentionDays };
    },
    myDataReads: (input, ctx) => myDataReads(db, ctx.user.employeeId, input.pageIndex, input.pageSize),
  });
}
