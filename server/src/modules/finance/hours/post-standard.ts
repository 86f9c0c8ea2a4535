import { type ImportResult, type PostStandardRecord, postStandardCalls, postStandardMeta } from '@erp/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { dictItems } from '../../../db/schema';
import type { Principal } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db';
import { implement, type Route } from '../../../platform/http/context';
import type { UploadedFile } from '../../../platform/http/multipart';
import type { Platform } from '../../../platform/platform';
import { contains, equals, likePattern } from '../../../platform/resource/filters';
import { defineResource } from '../../../platform/resource/resource';
import { type ImportSpec, type RowError, runImport, sendTemplate } from '../../../platform/resource/xlsx-import';
import { finPostStandards as t } from './hours.schema';

/** Post standards (岗位标准): a monthly salary, allowance and client bill rate per post, region category and rank level. */
export const postStandardResource = defineResource<PostStandardRecord, typeof t>({
  meta: postStandardMeta,
  table: t,
  idColumn: t.id,
  select: {
    id: t.id,
    postName: t.postName,
    regionCategory: t.regionCategory,
    rankLevel: t.rankLevel,
    monthlySalary: t.monthlySalary,
    allowance: t.allowance,
    hourlyBillRate: t.hourlyBillRate,
    remark: t.remark,
    updatedAt: t.updatedAt,
  },
  joins: [],
  filters: { postName: contains(t.postName), regionCategory: equals(t.regionCategory), rankLevel: equals(t.rankLevel) },
  sortable: { postName: t.postName, monthlySalary: t.monthlySalary, hourlyBillRate: t.hourlyBillRate },
  defaultOrder: [asc(t.postName), asc(t.regionCategory), asc(t.rankLevel)],
});

const COLUMNS = [
  { key: 'postName', header: '岗位', aliases: ['Post'], required: true },
  { key: 'regionCategory', header: '地区类别', aliases: ['Region'], required: true },
  { key: 'rankLevel', header: '职级', aliases: ['Rank'], required: true },
  { key: 'monthlySalary', header: '月标准工资（元）', aliases: ['月标准工资', 'Monthly salary'], required: true },
  { key: 'allowance', header: '固定津贴（元）', aliases: ['固定津贴', 'Allowance'] },
  { key: 'hourlyBillRate', header: '结算单价（元/小时）', aliases: ['结算单价', 'Bill rate per hour'], required: true },
  { key: 'remark', header: '备注', aliases: ['Remark'] },
];

type Value = typeof t.$inferInsert;

/** Yuan as typed (at most two decimals, below 10 million) → fen, or an error. */
function fenOf(text: string | undefined, field: string, required: boolean, errors: RowError[]): number {
  const v = (text ?? '').replace(/,/g, '').trim();
  if (!v) {
    if (required) errors.push({ field, message: '请填写金额' });
    return 0;
  }
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) {
    errors.push({ field, message: '金额必须是不超过一千万的非负数，最多两位小数' });
    return 0;
  }
  const [whole, part = ''] = v.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

async function spec(db: Db, user: Principal): Promise<ImportSpec<Value>> {
  const dict = async (codeType: string) =>
    new Map(
      (await db.select({ code: dictItems.code, name: dictItems.codeName }).from(dictItems).where(eq(dictItems.codeType, codeType))).flatMap((d) => [
        [d.code, d.code],
        [d.name, d.code],
      ]),
    );
  const regions = await dict('REGIONCATEGORY');
  const ranks = await dict('RANKLEVEL');
  return {
    sheet: '岗位标准',
    columns: COLUMNS,
    async parse(cells) {
      const errors: RowError[] = [];
      const postName = (cells.postName ?? '').trim();
      if (!postName) errors.push({ field: 'postName', message: '请填写岗位' });
      else if (postName.length > 64) errors.push({ field: 'postName', message: '岗位不能超过64个字符' });
      const regionCategory = regions.get((cells.regionCategory ?? '').trim());
      if (!regionCategory) errors.push({ field: 'regionCategory', message: `地区类别不正确：${cells.regionCategory ?? ''}` });
      const rankLevel = ranks.get((cells.rankLevel ?? '').trim());
      if (!rankLevel) errors.push({ field: 'rankLevel', message: `职级不正确：${cells.rankLevel ?? ''}` });
      const monthlySalary = fenOf(cells.monthlySalary, 'monthlySalary', true, errors);
      const allowance = fenOf(cells.allowance, 'allowance', false, errors);
      const hourlyBillRate = fenOf(cells.hourlyBillRate, 'hourlyBillRate', true, errors);
      if (errors.length || !regionCategory || !rankLevel) return { errors };
      return {
        errors,
        value: { postName, regionCategory, rankLevel, monthlySalary, allowance, hourlyBillRate, remark: cells.remark?.trim().slice(0, 200) || null },
      };
    },
    uniqueKeys: (v) => [{ field: 'postName', key: `${v.postName}|${v.regionCategory}|${v.rankLevel}`, message: '岗位、地区类别和职级重复' }],
    async write(tx, rows) {
      for (const r of rows) {
        const set = { ...r, updatedAt: new Date(), updatedBy: user.userId };
        await tx
          .insert(t)
          .values({ ...set, createdBy: user.userId })
          .onConflictDoUpdate({ target: [t.postName, t.regionCategory, t.rankLevel], set });
      }
    },
  };
}

async function upload(platform: Platform, user: Principal, file: UploadedFile | undefined, confirm: boolean): Promise<ImportResult> {
  const s = await spec(platform.db, user);
  const checked = await runImport(platform, user, s, file, false);
  if (!confirm || checked.errors.length) return checked;
  return runImport(platform, user, s, file, true);
}

export function postStandardRoutes(platform: Platform): Route[] {
  const db = platform.db;
  const codes = (codeType: string) =>
    db
      .select({ code: dictItems.code, name: dictItems.codeName })
      .from(dictItems)
      .where(and(eq(dictItems.codeType, codeType), eq(dictItems.enabled, true)))
      .orderBy(asc(dictItems.sort));
  return implement(postStandardCalls, {
    selectPage: (input) => postStandardResource.page(db, input, null),
    getPostListList: async (input) =>
      (
        await db
          .selectDistinct({ name: t.postName })
          .from(t)
          .where(input.keyword ? sql`${t.postName} ILIKE ${likePattern(input.keyword)}` : undefined)
          .orderBy(asc(t.postName))
          .limit(200)
      ).map((r) => r.name),
    getRegionCategoryList: () => codes('REGIONCATEGORY'),
    getRankLevelList: () => codes('RANKLEVEL'),
    upload: (input, ctx) => upload(platform, ctx.user, ctx.files[0], input.confirm),
    template: (_input, ctx) =>
      sendTemplate(ctx.reply, { sheet: '岗位标准', columns: COLUMNS }, '岗位标准导入模板.xlsx', [
        '软件工程师',
        '一类地区（北上广深）',
        '中级',
        '18000',
        '800',
        '160',
        '',
      ]),
  });
}
