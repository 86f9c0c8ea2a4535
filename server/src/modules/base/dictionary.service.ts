import type { DictOption, DictTypeRecord, PageRequest, ZDictItemInput, ZDictTypeInput } from '@erp/contract';
import { and, eq, max, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { dictItems, dictTypes } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import type { Platform } from '../../platform/platform';
import type { DictionaryLabels } from '../../platform/resource/labels';
import { dictTypeResource } from './base.resources';
import { DictionaryCache } from './dictionary.cache';
import { findDictOptions } from './dictionary.repository';

export const EMPTY_DICT_TYPE = '字典类型不能为空';
const DUPLICATE_ITEM = '字典编码已存在';

type WriteCtx = Pick<CallContext, 'audit'> & { user: Principal };

/** Reads of dictionaries for forms and labels (cached), and their administration (clears the cache). */
export class DictionaryService implements DictionaryLabels {
  readonly cache = new DictionaryCache();

  constructor(private readonly platform: Platform) {}

  private get db() {
    return this.platform.db;
  }

  async options(codeType: string): Promise<DictOption[]> {
    const type = codeType.trim();
    if (!type) throw badRequest(EMPTY_DICT_TYPE);
    return (await this.optionsOf([type])).get(type) ?? [];
  }

  async optionsOf(codeTypes: string[]): Promise<Map<string, DictOption[]>> {
    const wanted = [...new Set(codeTypes.map((t) => t.trim()).filter(Boolean))];
    if (!wanted.length) throw badRequest(EMPTY_DICT_TYPE);
    const out = new Map<string, DictOption[]>();
    const missing: string[] = [];
    for (const type of wanted) {
      const hit = this.cache.get(type);
      if (hit) out.set(type, hit);
      else missing.push(type);
    }
    if (missing.length) {
      const loaded = await findDictOptions(this.db, missing);
      for (const [type, options] of loaded) {
        this.cache.set(type, options);
        out.set(type, options);
      }
    }
    return out;
  }

  /** Every value, disabled included, to label old records. Not cached: administration and exports only. */
  async allOptions(codeType: string): Promise<DictOption[]> {
    const type = codeType.trim();
    if (!type) throw badRequest(EMPTY_DICT_TYPE);
    return (await findDictOptions(this.db, [type], true)).get(type) ?? [];
  }

  async labels(codeTypes: string[]): Promise<Map<string, Map<string, string>>> {
    const loaded = codeTypes.length ? await findDictOptions(this.db, codeTypes, true) : new Map<string, DictOption[]>();
    return new Map([...loaded].map(([type, options]) => [type, new Map(options.map((o) => [o.code, o.codeName]))]));
  }

  page(input: PageRequest & Record<string, unknown>) {
    return dictTypeResource.page(this.db, input, null);
  }

  async info(input: { id?: number; codeType?: string }) {
    if (input.id === undefined && !input.codeType) throw badRequest(EMPTY_DICT_TYPE);
    const [row] = await this.db
      .select({ id: dictTypes.id })
      .from(dictTypes)
      .where(input.id !== undefined ? eq(dictTypes.id, input.id) : eq(dictTypes.codeType, input.codeType ?? ''))
      .limit(1);
    if (!row) throw notFound('字典类型不存在');
    const type = await dictTypeResource.detail(this.db, row.id, null);
    const items = await this.db
      .select({
        id: dictItems.id,
        code: dictItems.code,
        codeName: dictItems.codeName,
        comments: dictItems.comments,
        parentId: dictItems.parentId,
        color: dictItems.color,
        enabled: dictItems.enabled,
        sort: dictItems.sort,
      })
      .from(dictItems)
      .where(eq(dictItems.codeType, type.codeType))
      .orderBy(dictItems.sort, dictItems.id);
    return { ...type, items };
  }

  async addType(input: z.output<typeof ZDictTypeInput>, ctx: WriteCtx): Promise<DictTypeRecord> {
    const record = await dictTypeResource.add(this.db, { codeType: input.codeType, name: input.name, remark: input.remark ?? null }, ctx);
    this.cache.clear(input.codeType);
    return record;
  }

  async updateType(id: number, input: Omit<z.output<typeof ZDictTypeInput>, 'codeType'>, ctx: WriteCtx): Promise<DictTypeRecord> {
    const record = await dictTypeResource.update(this.db, id, { name: input.name, remark: input.remark ?? null }, ctx);
    this.cache.clear(record.codeType);
    return record;
  }

  async changeStatus(input: { id: number; enabled: boolean; target: 'type' | 'item' }, ctx: WriteCtx): Promise<void> {
    const table = input.target === 'type' ? dictTypes : dictItems;
    const [row] = await this.db
      .update(table)
      .set({ enabled: input.enabled, updatedAt: new Date(), updatedBy: ctx.user.userId })
      .where(eq(table.id, input.id))
      .returning({ codeType: table.codeType });
    if (!row) throw notFound();
    this.cache.clear(row.codeType);
    ctx.audit({ recordId: `${input.target}:${input.id}`, after: input });
  }

  async check(input: { codeType: string; code?: string; id?: number }): Promise<{ available: boolean; message: string | null }> {
    if (input.code) {
      const hit = await this.db
        .select({ id: dictItems.id })
        .from(dictItems)
        .where(and(eq(dictItems.codeType, input.codeType), eq(dictItems.code, input.code), input.id ? ne(dictItems.id, input.id) : undefined))
        .limit(1);
      return hit.length ? { available: false, message: DUPLICATE_ITEM } : { available: true, message: null };
    }
    const hit = await this.db
      .select({ id: dictTypes.id })
      .from(dictTypes)
      .where(and(eq(dictTypes.codeType, input.codeType), input.id ? ne(dictTypes.id, input.id) : undefined))
      .limit(1);
    return hit.length ? { available: false, message: '字典类型已存在' } : { available: true, message: null };
  }

  private async assertParent(codeType: string, parentId: number | null | undefined, selfId?: number): Promise<void> {
    if (parentId === null || parentId === undefined) return;
    if (parentId === selfId) throw badRequest('上级字典项不能是自己');
    const [parent] = await this.db.select({ codeType: dictItems.codeType }).from(dictItems).where(eq(dictItems.id, parentId));
    if (!parent || parent.codeType !== codeType) throw badRequest('上级字典项不存在');
  }

  private async optionById(id: number): Promise<DictOption> {
    const [row] = await this.db
      .select({
        id: dictItems.id,
        code: dictItems.code,
        codeName: dictItems.codeName,
        comments: dictItems.comments,
        parentId: dictItems.parentId,
        color: dictItems.color,
        enabled: dictItems.enabled,
      })
      .from(dictItems)
      .where(eq(dictItems.id, id));
    if (!row) throw notFound();
    return row;
  }

  async addItem(input: z.output<typeof ZDictItemInput>, ctx: WriteCtx): Promise<DictOption> {
    const [type] = await this.db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.codeType, input.codeType));
    if (!type) throw notFound('字典类型不存在');
    if (!(await this.check({ codeType: input.codeType, code: input.code })).available) throw conflict(DUPLICATE_ITEM);
    await this.assertParent(input.codeType, input.parentId);
    const [last] = await this.db
      .select({ sort: max(dictItems.sort) })
      .from(dictItems)
      .where(eq(dictItems.codeType, input.codeType));
    const row = await this.db
      .insert(dictItems)
      .values({
        codeType: input.codeType,
        code: input.code,
        codeName: input.codeName,
        parentId: input.parentId ?? null,
        comments: input.comments ?? null,
        color: input.color ?? null,
        sort: input.sort ?? (last?.sort ?? 0) + 1,
        createdBy: ctx.user.userId,
        updatedBy: ctx.user.userId,
      })
      .returning({ id: dictItems.id })
      .catch((err: { code?: string; cause?: { code?: string } }) => {
        if (err.code === '23505' || err.cause?.code === '23505') throw conflict(DUPLICATE_ITEM);
        throw err;
      });
    this.cache.clear(input.codeType);
    const after = await this.optionById((row[0] as { id: number }).id);
    ctx.audit({ recordId: after.id, after });
    return after;
  }

  async updateItem(id: number, input: Omit<z.output<typeof ZDictItemInput>, 'codeType' | 'code'>, ctx: WriteCtx): Promise<DictOption> {
    const before = await this.optionById(id);
    const [{ codeType } = { codeType: '' }] = await this.db.select({ codeType: dictItems.codeType }).from(dictItems).where(eq(dictItems.id, id));
    await this.assertParent(codeType, input.parentId, id);
    await this.db
      .update(dictItems)
      .set({
        codeName: input.codeName,
        parentId: input.parentId ?? null,
        comments: input.comments ?? null,
        color: input.color ?? null,
        ...(input.sort === undefined ? {} : { sort: input.sort }),
        updatedAt: new Date(),
        updatedBy: ctx.user.userId,
      })
      .where(eq(dictItems.id, id));
    this.cache.clear(codeType);
    const after = await this.optionById(id);
    ctx.audit({ recordId: id, before, after });
    return after;
  }

  /** Banks come from the BANK dictionary. */
  async banks(keyword?: string): Promise<Array<{ code: string; name: string }>> {
    const options = await this.options('BANK');
    const k = keyword?.trim().toLowerCase();
    return options
      .filter((o) => !k || o.codeName.toLowerCase().includes(k) || o.code.toLowerCase().includes(k))
      .map((o) => ({ code: o.code, name: o.codeName }));
  }
}
