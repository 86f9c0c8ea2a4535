import { type ImportResult, POSITION_MSG, positionMeta, ZPositionInput } from '@erp/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { grades, orgUnits } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import type { Platform } from '../../platform/platform';
import { type ImportSpec, type RowError, runImport, sendTemplate } from '../../platform/resource/xlsx-import';
import { type GradeLevel, gradeRangeIssue } from './grade-range';
import { positionAlignments, positions, positionTrades, postClans } from './position.schema';

type PositionValue = z.output<typeof ZPositionInput>;

const label = (k: keyof typeof positionMeta.fields) => positionMeta.fields[k]?.label ?? k;

/** Lookups by code (case-insensitive) or by name when the name is unique. */
class Lookup<T extends { id: number; code: string; name: string }> {
  private readonly map = new Map<string, T>();
  constructor(rows: T[]) {
    const byName = new Map<string, T | null>();
    for (const r of rows) byName.set(r.name, byName.has(r.name) ? null : r);
    for (const [name, r] of byName) if (r) this.map.set(name, r);
    for (const r of rows) this.map.set(r.code.toLowerCase(), r);
  }
  find(text: string): T | undefined {
    return this.map.get(text.toLowerCase()) ?? this.map.get(text);
  }
}

async function loadLookups(db: Db) {
  const ladder = async (t: typeof postClans | typeof positionAlignments | typeof positionTrades) =>
    db.select({ id: t.id, code: t.code, name: t.name, enabled: t.enabled }).from(t);
  const alignments = await db
    .select({
      id: positionAlignments.id,
      code: positionAlignments.code,
      name: positionAlignments.name,
      enabled: positionAlignments.enabled,
      min: positionAlignments.minGradeId,
      max: positionAlignments.maxGradeId,
    })
    .from(positionAlignments);
  const gradeRows = await db.select({ id: grades.id, code: grades.code, name: grades.name, level: grades.level }).from(grades);
  const orgs = await db.select({ id: orgUnits.id, code: orgUnits.code, name: orgUnits.name, enabled: orgUnits.enabled }).from(orgUnits);
  const taken = new Set((await db.select({ code: positions.code }).from(positions)).map((p) => p.code.toLowerCase()));
  return {
    clans: new Lookup(await ladder(postClans)),
    alignments: new Lookup(alignments),
    trades: new Lookup(await ladder(positionTrades)),
    grades: new Lookup(gradeRows),
    gradeById: new Map<number, GradeLevel>(gradeRows.map((g) => [g.id, g])),
    orgs: new Lookup(orgs),
    taken,
  };
}

/** The import of positions: ladder items, units and grades by code or name, the same rules as the form. */
function importSpec(user: Principal): ImportSpec<PositionValue> {
  let lookups: ReturnType<typeof loadLookups> | undefined;
  return {
    sheet: '岗位',
    columns: [
      { key: 'code', header: label('code'), aliases: ['Position code'], required: true },
      { key: 'name', header: label('name'), aliases: ['Position name'], required: true },
      { key: 'postClan', header: label('postClanId'), aliases: ['岗位族编码', 'Clan'], required: true },
      { key: 'alignment', header: label('alignmentId'), aliases: ['职位序列编码', 'Sequence'], required: true },
      { key: 'trade', header: label('tradeId'), aliases: ['行业编码', 'Trade'] },
      { key: 'org', header: '所属部门编码', aliases: [label('orgId'), 'Department'] },
      { key: 'minGrade', header: label('minGradeId'), aliases: ['Lowest grade'], required: true },
      { key: 'maxGrade', header: label('maxGradeId'), aliases: ['Highest grade'], required: true },
      { key: 'headcount', header: label('headcount'), aliases: ['Headcount'] },
      { key: 'duty', header: label('duty'), aliases: ['Duties'] },
      { key: 'requirement', header: label('requirement'), aliases: ['Requirements'] },
      { key: 'sort', header: label('sort'), aliases: ['Order'] },
      { key: 'enabled', header: label('enabled'), aliases: ['Enabled'] },
    ],
    parse: async (cells, db) => {
      lookups ??= loadLookups(db);
      const l = await lookups;
      const errors: RowError[] = [];
      const ref = <T extends { id: number; enabled?: boolean }>(
        field: string,
        text: string | undefined,
        lookup: Lookup<T & { code: string; name: string }>,
        message: string,
      ) => {
        if (!text) return undefined;
        const hit = lookup.find(text);
        if (!hit || hit.enabled === false) errors.push({ field, message: `${message}：${text}` });
        return hit;
      };
      const clan = ref('postClan', cells.postClan, l.clans, POSITION_MSG.postClanMissing);
      const alignment = ref('alignment', cells.alignment, l.alignments, POSITION_MSG.alignmentMissing);
      const trade = ref('trade', cells.trade, l.trades, POSITION_MSG.tradeMissing);
      const org = ref('org', cells.org, l.orgs, POSITION_MSG.orgMissing);
      const minGrade = ref('minGrade', cells.minGrade, l.grades, `${label('minGradeId')}：${POSITION_MSG.gradeMissing}`);
      const maxGrade = ref('maxGrade', cells.maxGrade, l.grades, `${label('maxGradeId')}：${POSITION_MSG.gradeMissing}`);
      let enabled: boolean | undefined;
      if (cells.enabled) {
        if (['启用', '是', 'enabled', 'yes', '1'].includes(cells.enabled.toLowerCase())) enabled = true;
        else if (['停用', '否', 'disabled', 'no', '0'].includes(cells.enabled.toLowerCase())) enabled = false;
        else errors.push({ field: 'enabled', message: `${label('enabled')}只能填写启用或停用：${cells.enabled}` });
      }
      const parsed = ZPositionInput.safeParse({
        code: cells.code ?? '',
        name: cells.name ?? '',
        postClanId: clan?.id ?? 0,
        alignmentId: alignment?.id ?? 0,
        tradeId: trade?.id ?? null,
        orgId: org?.id ?? null,
        minGradeId: minGrade?.id ?? 0,
        maxGradeId: maxGrade?.id ?? 0,
        headcount: cells.headcount ? cells.headcount : null,
        duty: cells.duty || null,
        requirement: cells.requirement || null,
        sort: cells.sort ? cells.sort : undefined,
        enabled,
      });
      if (!parsed.success) {
        const cellOf: Record<string, string> = { postClanId: 'postClan', alignmentId: 'alignment', minGradeId: 'minGrade', maxGradeId: 'maxGrade' };
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          const cell = cellOf[field];
          if (cell) {
            // A reference that was not found is reported once, above; an empty one here.
            if (!cells[cell]) errors.push({ field: cell, message: `请填写${label(field as 'postClanId')}` });
            continue;
          }
          const name = field in positionMeta.fields ? label(field as 'code') : field;
          errors.push({ field, message: issue.message.includes(name) ? issue.message : `${name}：${issue.message}` });
        }
      }
      if (!parsed.success || errors.length) return { errors };
      const value = parsed.data;
      if (l.taken.has(value.code.toLowerCase())) errors.push({ field: 'code', message: `${POSITION_MSG.positionCodeTaken}：${value.code}` });
      const min = l.gradeById.get(value.minGradeId) as GradeLevel;
      const max = l.gradeById.get(value.maxGradeId) as GradeLevel;
      const band = alignment as { min: number | null; max: number | null } | undefined;
      const bandMin = band?.min ? (l.gradeById.get(band.min) ?? null) : null;
      const bandMax = band?.max ? (l.gradeById.get(band.max) ?? null) : null;
      const issue = gradeRangeIssue(min, max, { min: bandMin, max: bandMax });
      if (issue) errors.push({ field: 'maxGrade', message: issue });
      return errors.length ? { errors } : { value, errors };
    },
    uniqueKeys: (v) => [{ field: 'code', key: v.code.toLowerCase(), message: `岗位编码重复：${v.code}` }],
    // Only `tx` in here: on PGlite any other query would wait for this transaction forever.
    write: async (tx, rows) => {
      for (let i = 0; i < rows.length; i += 500) {
        await tx
          .insert(positions)
          .values(
            rows.slice(i, i + 500).map((r) => ({
              code: r.code,
              name: r.name,
              postClanId: r.postClanId,
              alignmentId: r.alignmentId,
              tradeId: r.tradeId ?? null,
              orgId: r.orgId ?? null,
              minGradeId: r.minGradeId,
              maxGradeId: r.maxGradeId,
              headcount: r.headcount ?? null,
              duty: r.duty ?? null,
              requirement: r.requirement ?? null,
              sort: r.sort ?? 0,
              enabled: r.enabled ?? true,
              createdBy: user.userId,
              updatedBy: user.userId,
            })),
          )
          .catch((err: { code?: string; cause?: { code?: string } }) => {
            if (err.code === '23505' || err.cause?.code === '23505') throw conflict(`${POSITION_MSG.positionCodeTaken}，请重新检查导入文件`);
            throw err;
          });
      }
    },
  };
}

/**
 * Checks an xlsx of positions; with `confirm` writes it — all rows or none: a file with any
 * erroneous row writes nothing and answers the errors (and their report) as a check does.
 */
export async function importPositions(platform: Platform, user: Principal, file: UploadedFile | undefined, confirm: boolean): Promise<ImportResult> {
  const checked = await runImport(platform, user, importSpec(user), file, false);
  if (!confirm || checked.errors.length || checked.valid < checked.total) return { ...checked, confirmed: confirm };
  return runImport(platform, user, importSpec(user), file, true);
}

export function sendPositionTemplate(reply: FastifyReply, user: Principal) {
  return sendTemplate(reply, importSpec(user), '岗位导入模板.xlsx', [
    'DEV-GO',
    'Go开发工程师',
    'TECH-RD',
    'P',
    'IT',
    'D004',
    'P3',
    'P6',
    '10',
    '负责后端服务的设计与开发',
    '本科及以上，3年以上Go开发经验',
    '1',
    '启用',
  ]);
}
