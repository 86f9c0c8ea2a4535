import { MATERIAL_CATEGORY, PERSONAL_FIELDS } from '@erp/contract';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { employeeMaterials, files } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import { recordPersonalRead } from '../../platform/privacy/personal-data';
import { toEntry } from '../file/file.service';
import { employeeFor } from './employee-access';

type MaterialRow = typeof employeeMaterials.$inferSelect;

/** Materials with their files, as the contract lists them. */
async function present(db: Db, rows: MaterialRow[]) {
  const groups = [...new Set(rows.map((r) => r.fileId))];
  const found = groups.length
    ? await db
        .select()
        .from(files)
        .where(and(inArray(files.groupId, groups), isNull(files.deletedAt)))
        .orderBy(asc(files.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employeeId,
    category: r.category,
    fileId: r.fileId,
    files: found.filter((f) => f.groupId === r.fileId).map(toEntry),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function rowsOf(db: Db, employeeId: number, categories?: string[]) {
  return db
    .select()
    .from(employeeMaterials)
    .where(
      and(
        eq(employeeMaterials.employeeId, employeeId),
        isNull(employeeMaterials.deletedAt),
        categories ? inArray(employeeMaterials.category, categories) : undefined,
      ),
    )
    .orderBy(asc(employeeMaterials.category), desc(employeeMaterials.id));
}

export async function materials(db: Db, user: Principal, employeeId: number | null | undefined, category?: string) {
  const { emp } = await employeeFor(db, user, employeeId, 'read');
  return present(db, await rowsOf(db, emp.id, category ? [category] : undefined));
}

export async function educationMaterials(db: Db, user: Principal, employeeId: number | null | undefined) {
  const { emp } = await employeeFor(db, user, employeeId, 'read');
  return present(db, await rowsOf(db, emp.id, [MATERIAL_CATEGORY.diploma, MATERIAL_CATEGORY.degree]));
}

/** Only the writer's own uploads can be filed (filing someone's group would open it to the employee's readers). */
async function assertOwnGroup(db: Db, user: Principal, groupId: string): Promise<void> {
  const owners = await db.selectDistinct({ ownerId: files.ownerId }).from(files).where(eq(files.groupId, groupId));
  if (!owners.length || (!user.isAdmin && owners.some((o) => o.ownerId !== user.userId))) throw badRequest('附件不存在或无权使用');
}

export async function addMaterial(
  db: Db,
  user: Principal,
  ctx: Pick<CallContext, 'audit'>,
  input: { employeeId?: number | null; category: string; fileId: string },
) {
  const { emp } = await employeeFor(db, user, input.employeeId, 'write');
  await assertOwnGroup(db, user, input.fileId);
  const row = await db.transaction(async (tx) => {
    // The avatar is one current picture: filing a new one retires the old.
    if (input.category === MATERIAL_CATEGORY.avatar)
      await tx
        .update(employeeMaterials)
        .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: user.userId })
        .where(and(eq(employeeMaterials.employeeId, emp.id), eq(employeeMaterials.category, input.category), isNull(employeeMaterials.deletedAt)));
    const [inserted] = await tx
      .insert(employeeMaterials)
      .values({ employeeId: emp.id, category: input.category, fileId: input.fileId, createdBy: user.userId, updatedBy: user.userId })
      .returning();
    if (!inserted) throw new Error('material insert returned nothing');
    return inserted;
  });
  const [out] = await present(db, [row]);
  ctx.audit({ recordId: row.id, after: { employeeId: emp.id, category: row.category, fileId: row.fileId } });
  return out as NonNullable<typeof out>;
}

export async function deleteMaterial(db: Db, user: Principal, ctx: Pick<CallContext, 'audit'>, id: number) {
  const [row] = await db
    .select()
    .from(employeeMaterials)
    .where(and(eq(employeeMaterials.id, id), isNull(employeeMaterials.deletedAt)));
  if (!row) throw notFound('材料不存在或已删除');
  await employeeFor(db, user, row.employeeId, 'write');
  await db.update(employeeMaterials).set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: user.userId }).where(eq(employeeMaterials.id, id));
  ctx.audit({ recordId: id, before: { employeeId: row.employeeId, category: row.category, fileId: row.fileId }, after: null });
}

/** Employees a file group is filed for as a material. */
export async function employeesWithMaterial(db: Db, groupId: string): Promise<number[]> {
  const rows = await db
    .select({ employeeId: employeeMaterials.employeeId })
    .from(employeeMaterials)
    .where(and(eq(employeeMaterials.fileId, groupId), isNull(employeeMaterials.deletedAt)));
  return rows.map((r) => r.employeeId);
}

/**
 * A download or preview link of a scan of someone's ID card (正面/反面 materials) is a read of their
 * ID number (issue 34 §5): recorded for each person it is filed for, not for their own.
 */
export async function recordIdScanRead(db: Db, user: Principal, groupId: string): Promise<void> {
  const rows = await db
    .select({ employeeId: employeeMaterials.employeeId })
    .from(employeeMaterials)
    .where(
      and(
        eq(employeeMaterials.fileId, groupId),
        inArray(employeeMaterials.category, [MATERIAL_CATEGORY.idFront, MATERIAL_CATEGORY.idBack]),
        isNull(employeeMaterials.deletedAt),
      ),
    );
  for (const employeeId of new Set(rows.map((r) => r.employeeId)))
    await recordPersonalRead(db, user, { subjectEmployeeId: employeeId, fields: [PERSONAL_FIELDS.idScan] });
}
