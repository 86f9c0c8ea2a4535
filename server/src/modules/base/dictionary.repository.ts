import type { DictOption } from '@erp/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { dictItems, dictTypes } from '../../db/schema';
import type { Db } from '../../platform/db';

const optionColumns = {
  id: dictItems.id,
  codeType: dictItems.codeType,
  code: dictItems.code,
  codeName: dictItems.codeName,
  comments: dictItems.comments,
  parentId: dictItems.parentId,
  color: dictItems.color,
  enabled: dictItems.enabled,
};

/** Values of the given types, in order; only enabled values of enabled types unless `all`. */
export async function findDictOptions(db: Db, codeTypes: string[], all = false): Promise<Map<string, DictOption[]>> {
  const out = new Map<string, DictOption[]>(codeTypes.map((t) => [t, []]));
  if (!codeTypes.length) return out;
  const rows = await db
    .select(optionColumns)
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.codeType, dictItems.codeType))
    .where(and(inArray(dictItems.codeType, codeTypes), all ? undefined : and(eq(dictItems.enabled, true), eq(dictTypes.enabled, true))))
    .orderBy(asc(dictItems.codeType), asc(dictItems.sort), asc(dictItems.id));
  for (const { codeType, ...option } of rows) out.get(codeType)?.push(option);
  return out;
}
