import { REQUEST_FORMS } from '@erp/contract';
import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { roles, users, wfDefinitions } from '../db/schema';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { processCache } from '../platform/process-caches';
import { serviceHook } from './hooks';
import { ModelError, type ProcessModel } from './model';
import { parseDefinition } from './parser';

export type DefinitionRow = typeof wfDefinitions.$inferSelect;

/**
 * Parsed graphs by definition id. A deployed version is never changed (a new deploy adds a
 * version), so an entry never goes stale; one graph per deployed version, a few KB each.
 */
const modelCache = new Map<number, ProcessModel>();
processCache(() => modelCache.clear());

export async function modelOf(db: Db, definitionId: number): Promise<ProcessModel> {
  const cached = modelCache.get(definitionId);
  if (cached) return cached;
  const [row] = await db.select({ model: wfDefinitions.model }).from(wfDefinitions).where(eq(wfDefinitions.id, definitionId));
  if (!row) throw notFound('流程定义不存在');
  modelCache.set(definitionId, row.model);
  return row.model;
}

/** Parses, checks and stores a new version of a definition (version = last + 1 for its key). */
export async function deploy(db: Db, xml: string, userId: number | null): Promise<DefinitionRow> {
  const model = await parseDefinition(xml);
  await checkReferences(db, model);
  const unknownHooks = model.order
    .map((id) => model.nodes[id])
    .filter((n) => n?.type === 'service' && !serviceHook(n.hook ?? ''))
    .map((n) => `服务任务 "${n?.id}"（${n?.name}）: 服务器钩子 "${n?.hook}" 不存在`);
  if (unknownHooks.length) throw new ModelError(unknownHooks);
  checkEditableFields(model);
  return db.transaction(async (tx) => {
    // Two deploys of one key at once must not both become version n: serialise on the key.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`wf:${model.key}`}))`);
    const [last] = await tx
      .select({ v: max(wfDefinitions.version) })
      .from(wfDefinitions)
      .where(eq(wfDefinitions.key, model.key));
    const [row] = await tx
      .insert(wfDefinitions)
      .values({
        key: model.key,
        name: model.name,
        version: (last?.v ?? 0) + 1,
        category: model.category ?? null,
        xml,
        model,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning();
    return row as DefinitionRow;
  });
}

export async function latestDefinition(db: Db, key: string): Promise<DefinitionRow | undefined> {
  const [row] = await db
    .select()
    .from(wfDefinitions)
    .where(and(eq(wfDefinitions.key, key), eq(wfDefinitions.enabled, true)))
    .orderBy(desc(wfDefinitions.version))
    .limit(1);
  return row;
}

/** Users and roles a diagram from another modeller names must exist here: each unknown one is refused, naming its element. */
async function checkReferences(db: Db, model: ProcessModel): Promise<void> {
  const refs = model.references ?? [];
  if (!refs.length) return;
  const userCodes = [...new Set(refs.filter((r) => r.kind === 'user').map((r) => r.code.toLowerCase()))];
  const roleCodes = [...new Set(refs.filter((r) => r.kind === 'role').map((r) => r.code))];
  const knownUsers = new Set(
    userCodes.length
      ? (
          await db
            .select({ code: sql<string>`lower(${users.userCode})` })
            .from(users)
            .where(inArray(sql`lower(${users.userCode})`, userCodes))
        ).map((r) => r.code)
      : [],
  );
  const knownRoles = new Set(
    roleCodes.length ? (await db.select({ code: roles.code }).from(roles).where(inArray(roles.code, roleCodes))).map((r) => r.code) : [],
  );
  const problems = refs
    .filter((r) => (r.kind === 'user' ? !knownUsers.has(r.code.toLowerCase()) : !knownRoles.has(r.code)))
    .map((r) => `${r.where}: ${r.kind === 'user' ? '用户' : '角色（候选组）'} "${r.code}" 在本系统中不存在`);
  if (problems.length) throw new ModelError([...new Set(problems)]);
}

/**
 * Fields a node lets its approver edit must be fields of the process's declared form (bpm-forms.ts),
 * and not attachments (an approver's upload would not be the applicant's). A process without a
 * declared form (drawn in the designer, or a business document's) names its fields freely.
 */
function checkEditableFields(model: ProcessModel): void {
  const form = REQUEST_FORMS[model.key];
  if (!form) return;
  const problems: string[] = [];
  for (const id of model.order) {
    const n = model.nodes[id];
    for (const f of n?.editable ?? []) {
      const field = form.fields.find((x) => x.name === f);
      if (!field) problems.push(`用户任务 "${id}"（${n?.name}）: 可编辑字段 "${f}" 不在「${form.name}」的表单中`);
      else if (field.kind === 'files') problems.push(`用户任务 "${id}"（${n?.name}）: 附件字段 "${f}" 不能设为审批时可编辑`);
    }
  }
  if (problems.length) throw new ModelError(problems);
}
