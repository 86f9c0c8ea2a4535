import { checkIdNumber, EMPLOY_STATE, ID_TYPE, PLACED_CATEGORIES, residentIdFacts, rosterMeta } from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { grades, orgUnits, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import type { UploadedFile } from '../../platform/http/multipart';
import { pinyinInitials } from '../../platform/pinyin';
import type { Platform } from '../../platform/platform';
import { type ImportSpec, type RowError, runImport, sendTemplate } from '../../platform/resource/xlsx-import';
import type { DictionaryService } from '../base/dictionary.service';
import { EVENT_KIND } from './employee-events';
import { employeeEvents } from './employee-records.schema';
import { employees } from './hr.schema';
import { rosterResource } from './roster.resource';

/** An account that cannot sign in until a password is set (reset by mail or by an administrator). */
const NO_PASSWORD = '!imported';

interface EmployeeImportRow {
  userCode: string;
  name: string;
  orgId: number;
  companyId: number | null;
  personCategory: string;
  clientCompanyId: number | null;
  idType: string;
  idNumber: string | null;
  gender: string | null;
  birthday: string | null;
  phone: string | null;
  email: string | null;
  entryDate: string;
  positionName: string | null;
  gradeId: number | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function spec(db: Db, dictionaries: DictionaryService, viewer: Principal): ImportSpec<EmployeeImportRow> {
  let lookups:
    | Promise<{
        orgs: Map<string, { id: number; client: boolean; companyId: number | null }>;
        grades: Map<string, number>;
        dicts: Map<string, Map<string, string>>;
      }>
    | undefined;
  const load = async () => {
    const rows = await db
      .select({ id: orgUnits.id, code: orgUnits.code, name: orgUnits.name, path: orgUnits.path, type: orgUnits.type, isClient: orgUnits.isClient })
      .from(orgUnits);
    const companyIds = new Set(rows.filter((o) => o.type === 'company').map((o) => o.id));
    const orgs = new Map<string, { id: number; client: boolean; companyId: number | null }>();
    for (const o of rows) {
      const companyId =
        o.path
          .split('/')
          .filter(Boolean)
          .map(Number)
          .filter((id) => companyIds.has(id))
          .pop() ?? null;
      orgs.set(o.code.toLowerCase(), { id: o.id, client: o.isClient, companyId });
    }
    const gradeRows = await db.select({ id: grades.id, code: grades.code, name: grades.name }).from(grades);
    const gradeMap = new Map<string, number>();
    for (const g of gradeRows) {
      gradeMap.set(g.code.toLowerCase(), g.id);
      gradeMap.set(g.name, g.id);
    }
    const dicts = new Map<string, Map<string, string>>();
    for (const type of ['PERSONCATEGORY', 'IDTYPE']) {
      const m = new Map<string, string>();
      for (const o of await dictionaries.allOptions(type)) {
        m.set(o.code, o.code);
        m.set(o.codeName, o.code);
      }
      dicts.set(type, m);
    }
    return { orgs, grades: gradeMap, dicts };
  };
  const label = (k: keyof typeof rosterMeta.fields) => rosterMeta.fields[k]?.label ?? k;
  return {
    sheet: '员工',
    columns: [
      { key: 'name', header: '姓名', aliases: ['Name'], required: true },
      { key: 'userCode', header: '账号', aliases: ['Account'], required: true },
      { key: 'org', header: '部门编码', aliases: ['Department'], required: true },
      { key: 'personCategory', header: label('personCategory'), aliases: ['Category'] },
      { key: 'client', header: '客户单位编码', aliases: ['Client'] },
      { key: 'idType', header: label('idType'), aliases: ['ID type'] },
      { key: 'idNumber', header: label('idNumber'), aliases: ['ID number'] },
      { key: 'phone', header: label('phone'), aliases: ['Phone'] },
      { key: 'email', header: '邮箱', aliases: ['E-mail'] },
      { key: 'entryDate', header: label('entryDate'), aliases: ['Entry date'], required: true },
      { key: 'positionName', header: label('positionName'), aliases: ['Position'] },
      { key: 'grade', header: '职级编码', aliases: ['Grade'] },
    ],
    async parse(cells) {
      lookups ??= load();
      const { orgs, grades: gradeMap, dicts } = await lookups;
      const errors: RowError[] = [];
      const need = (field: string, name: string) => {
        if (!cells[field]) errors.push({ field, message: `${name}不能为空` });
      };
      need('name', '姓名');
      need('userCode', '账号');
      need('org', '部门编码');
      need('entryDate', '入职日期');
      const org = cells.org ? orgs.get(cells.org.toLowerCase()) : undefined;
      if (cells.org && (!org || org.client)) errors.push({ field: 'org', message: `部门不存在：${cells.org}` });
      const dict = (type: string, field: string, fallback: string) => {
        const value = cells[field];
        if (!value) return fallback;
        const code = dicts.get(type)?.get(value);
        if (!code) errors.push({ field, message: `${label(field as 'personCategory')}取值不正确：${value}` });
        return code ?? fallback;
      };
      const personCategory = dict('PERSONCATEGORY', 'personCategory', '001');
      const idType = dict('IDTYPE', 'idType', ID_TYPE.residentCard);
      const client = cells.client ? orgs.get(cells.client.toLowerCase()) : undefined;
      if (cells.client && !client?.client) errors.push({ field: 'client', message: `客户单位不存在：${cells.client}` });
      if (PLACED_CATEGORIES.includes(personCategory) && !cells.client) errors.push({ field: 'client', message: '派遣和外包员工请填写客户单位编码' });
      const idNumber = cells.idNumber ? cells.idNumber.toUpperCase() : null;
      if (idNumber) {
        const message = checkIdNumber(idType, idNumber);
        if (message) errors.push({ field: 'idNumber', message });
      }
      if (cells.entryDate && !DATE.test(cells.entryDate)) errors.push({ field: 'entryDate', message: '入职日期格式应为 YYYY-MM-DD' });
      if (cells.phone && !/^1\d{10}$/.test(cells.phone)) errors.push({ field: 'phone', message: '手机号格式不正确' });
      if (cells.userCode && !/^[A-Za-z0-9_.@-]{2,64}$/.test(cells.userCode)) errors.push({ field: 'userCode', message: '账号只能包含字母、数字和 _ . @ -' });
      const gradeId = cells.grade ? (gradeMap.get(cells.grade.toLowerCase()) ?? gradeMap.get(cells.grade)) : undefined;
      if (cells.grade && gradeId === undefined) errors.push({ field: 'grade', message: `职级不存在：${cells.grade}` });
      if (errors.length || !org) return { errors };
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.userCode})`, cells.userCode?.toLowerCase()))
        .limit(1);
      if (taken) errors.push({ field: 'userCode', message: `账号已存在：${cells.userCode}` });
      if (idNumber) {
        const [holder] = await db.select({ code: employees.employeeCode }).from(employees).where(sql`upper(${employees.idCardNo}) = ${idNumber}`).limit(1);
        if (holder) errors.push({ field: 'idNumber', message: `证件号码已被员工 ${holder.code} 使用` });
      }
      try {
        await rosterResource.assertOrgInScope(db, viewer, org.id);
      } catch {
        errors.push({ field: 'org', message: '没有该部门的数据权限' });
      }
      if (errors.length) return { errors };
      const facts = idNumber && idType === ID_TYPE.residentCard ? residentIdFacts(idNumber) : null;
      return {
        errors,
        value: {
          userCode: cells.userCode as string,
          name: cells.name as string,
          orgId: org.id,
          companyId: org.companyId,
          personCategory,
          clientCompanyId: client?.id ?? null,
          idType,
          idNumber,
          gender: facts?.gender ?? null,
          birthday: facts?.birthday ?? null,
          phone: cells.phone || null,
          email: cells.email || null,
          entryDate: cells.entryDate as string,
          positionName: cells.positionName || null,
          gradeId: gradeId ?? null,
        },
      };
    },
    uniqueKeys: (v) => [
      { field: 'userCode', key: `u:${v.userCode.toLowerCase()}`, message: `账号重复：${v.userCode}` },
      ...(v.idNumber ? [{ field: 'idNumber', key: `i:${v.idNumber}`, message: `证件号码重复：${v.idNumber}` }] : []),
    ],
    // Only `tx` in here (PGlite has one connection).
    async write(tx, rows) {
      for (const r of rows) {
        const [user] = await tx
          .insert(users)
          .values({
            userCode: r.userCode,
            realName: r.name,
            namePinyin: pinyinInitials(r.name),
            passwordHash: NO_PASSWORD,
            phone: r.phone,
            email: r.email,
            orgId: r.orgId,
            companyId: r.companyId,
            personCategory: r.personCategory,
            createdBy: viewer.userId,
            updatedBy: viewer.userId,
          })
          .returning({ id: users.id })
          .catch((err: { code?: string; cause?: { code?: string } }) => {
            if (err.code === '23505' || err.cause?.code === '23505') throw conflict('账号已存在，请重新检查导入文件');
            throw err;
          });
        if (!user) throw new Error('user insert returned nothing');
        const [emp] = await tx
          .insert(employees)
          .values({
            userId: user.id,
            employeeCode: `E${10000 + user.id}`,
            name: r.name,
            gender: r.gender,
            birthday: r.birthday,
            orgId: r.orgId,
            companyId: r.companyId,
            positionName: r.positionName,
            gradeId: r.gradeId,
            personCategory: r.personCategory,
            clientCompanyId: r.clientCompanyId,
            entryDate: r.entryDate,
            employState: EMPLOY_STATE.probation,
            phone: r.phone,
            email: r.email,
            idType: r.idType,
            idCardNo: r.idNumber,
            createdBy: viewer.userId,
            updatedBy: viewer.userId,
          })
          .returning({ id: employees.id })
          .catch((err: { code?: string; cause?: { code?: string } }) => {
            if (err.code === '23505' || err.cause?.code === '23505') throw conflict('证件号码已被其他员工使用，请重新检查导入文件');
            throw err;
          });
        if (!emp) throw new Error('employee insert returned nothing');
        await tx.insert(employeeEvents).values({
          employeeId: emp.id,
          kind: EVENT_KIND.entry,
          effectiveDate: r.entryDate,
          toOrgId: r.orgId,
          toPosition: r.positionName,
          toGradeId: r.gradeId,
          remark: '批量导入',
          createdBy: viewer.userId,
        });
      }
    },
  };
}

export async function importEmployees(
  platform: Platform,
  dictionaries: DictionaryService,
  file: UploadedFile | undefined,
  confirm: boolean,
  ctx: Pick<CallContext, 'audit' | 'user'>,
) {
  const result = await runImport(platform, ctx.user, spec(platform.db, dictionaries, ctx.user), file, confirm);
  ctx.audit({ after: { import: file?.filename ?? null, confirm, total: result.total, written: result.written } });
  return result;
}

export function employeeTemplate(platform: Platform, dictionaries: DictionaryService, reply: FastifyReply) {
  return sendTemplate(reply, spec(platform.db, dictionaries, null as unknown as Principal), '员工导入模板.xlsx', [
    '张三',
    'zhangsan',
    'D004',
    '正式员工',
    '',
    '居民身份证',
    '11010519900307002X',
    '13800000000',
    'zhangsan@example.com',
    '2026-11-01',
    '软件工程师',
    'P3',
  ]);
}
