import { EMPLOYEE_MSG, type FileEntry, PERSONAL_FIELDS, SECTIONS_NEEDING_APPROVAL, type SectionName, type SectionSaved } from '@erp/contract';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { files } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { CallContext } from '../../platform/http/context';
import { recordPersonalRead } from '../../platform/privacy/personal-data';
import { toEntry } from '../file/file.service';
import { type AccessibleEmployee, employeeFor } from './employee-access';
import { type ChangeAction, openRequestFor, registerChangeApplier, requestChange } from './employee-change';
import {
  employeeAdministrations,
  employeeAwards,
  employeeBankAccounts,
  employeeCertificates,
  employeeEducations,
  employeeExaminations,
  employeeFamilies,
  employeeLanguages,
  employeeRelations,
  employeeVehicles,
  employeeWorkHistories,
} from './employee-records.schema';

type Row = Record<string, unknown>;
type Ctx = Pick<CallContext, 'audit'>;

/** A file-group column and the list of its files in the record. */
interface FileField {
  group: string;
  list: string;
}

/**
 * A record section of an employee, declared once: its table, the order of its rows, the file
 * groups it carries, how its sensitive values are masked, and whether there is one row per
 * employee. Listing, adding, changing and deleting — with the access rules, the approval of an
 * employee's own changes where the section needs it, the audit entries and the refusal to delete a
 * row an approval refers to — are written here once for all sections.
 */
interface SectionSpec<T extends PgTable> {
  name: SectionName;
  table: T;
  id: PgColumn;
  employeeId: PgColumn;
  order: SQL[];
  files?: FileField[];
  mask?: (row: Row) => Row;
  /** Personal data the section reveals to HR (PERSONAL_FIELDS): each read of another's rows is logged (issue 34 §5). */
  personal?: string;
  /** One row per employee (administration, examination): saving creates or changes it. */
  singleton?: boolean;
  /** Message when a unique index refuses the row (e.g. a plate number registered twice). */
  duplicateMessage?: string;
}

const HIDDEN = new Set(['createdAt', 'createdBy', 'updatedBy']);

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | null;
  return !!e && typeof e === 'object' && (e.code === '23505' || isUniqueViolation(e.cause));
}

export class EmployeeSection<T extends PgTable> {
  private readonly columnKeys: Set<string>;

  constructor(readonly spec: SectionSpec<T>) {
    this.columnKeys = new Set(Object.keys(getTableColumns(spec.table)));
    registerChangeApplier(spec.name, (tx, c) => this.apply(tx, c.action, c.employeeId, c.recordId, c.values, c.userId));
  }

  get needsApproval(): boolean {
    return SECTIONS_NEEDING_APPROVAL.includes(this.spec.name);
  }

  private async rowsOf(db: Db, employeeId: number): Promise<Row[]> {
    return (await db
      .select()
      .from(this.spec.table as PgTable)
      .where(eq(this.spec.employeeId, employeeId))
      .orderBy(...this.spec.order, asc(this.spec.id))) as Row[];
  }

  private async byId(db: Db, id: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(this.spec.table as PgTable)
      .where(eq(this.spec.id, id))
      .limit(1);
    if (!row) throw notFound('记录不存在或已删除');
    return row as Row;
  }

  /** Rows as the contract's record: audit columns left out, file lists read, sensitive values masked. */
  private async present(db: Db, rows: Row[], sensitive: boolean): Promise<Row[]> {
    const groups = new Set<string>();
    for (const r of rows) for (const f of this.spec.files ?? []) if (typeof r[f.group] === 'string') groups.add(r[f.group] as string);
    const byGroup = new Map<string, FileEntry[]>();
    if (groups.size) {
      const found = await db
        .select()
        .from(files)
        .where(and(inArray(files.groupId, [...groups]), isNull(files.deletedAt)))
        .orderBy(asc(files.id));
      for (const f of found) byGroup.set(f.groupId, [...(byGroup.get(f.groupId) ?? []), toEntry(f)]);
    }
    return rows.map((r) => {
      const out: Row = {};
      for (const [k, v] of Object.entries(r)) if (!HIDDEN.has(k)) out[k] = v instanceof Date ? v.toISOString() : v;
      for (const f of this.spec.files ?? []) out[f.list] = typeof r[f.group] === 'string' ? (byGroup.get(r[f.group] as string) ?? []) : [];
      return sensitive || !this.spec.mask ? out : this.spec.mask(out);
    });
  }

  async list(db: Db, user: Principal, employeeId: number | null | undefined): Promise<Row[]> {
    const who = await employeeFor(db, user, employeeId, 'read');
    const rows = await this.rowsOf(db, who.emp.id);
    // A masked section is logged only when shown unmasked; an unmasked one (family contacts) always.
    if (this.spec.personal && rows.length && who.access === 'hr' && (who.sensitive || !this.spec.mask))
      await recordPersonalRead(db, user, { subjectEmployeeId: who.emp.id, fields: [this.spec.personal] });
    return this.present(db, rows, who.sensitive);
  }

  /** The one row of a singleton section, or null. */
  async single(db: Db, user: Principal, employeeId: number | null | undefined): Promise<Row | null> {
    return (await this.list(db, user, employeeId))[0] ?? null;
  }

  /** Only the writer's own uploads may be attached (else attaching someone's group would open it to us). */
  private async assertOwnFiles(db: Db, user: Principal, values: Row): Promise<void> {
    const groups = (this.spec.files ?? []).map((f) => values[f.group]).filter((g): g is string => typeof g === 'string' && g !== '');
    if (!groups.length || user.isAdmin) return;
    const owners = await db.selectDistinct({ groupId: files.groupId, ownerId: files.ownerId }).from(files).where(inArray(files.groupId, groups));
    for (const g of groups) {
      const mine = owners.filter((o) => o.groupId === g);
      if (!mine.length || mine.some((o) => o.ownerId !== user.userId)) throw badRequest('附件不存在或无权使用');
    }
  }

  private values(values: Row): Row {
    const out: Row = {};
    for (const [k, v] of Object.entries(values)) if (this.columnKeys.has(k) && k !== 'id' && k !== 'employeeId') out[k] = v === '' ? null : v;
    return out;
  }

  /** Writes a change (directly, or when its approval passes); answers the row's id. */
  async apply(db: Db, action: ChangeAction, employeeId: number, recordId: number | null, values: Row, userId: number): Promise<number | null> {
    try {
      // In a savepoint: inside a call's transaction a refused statement would otherwise abort it all.
      return await db.transaction((tx) => this.writeRow(tx as unknown as Db, action, employeeId, recordId, values, userId));
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(this.spec.duplicateMessage ?? '记录已存在');
      throw err;
    }
  }

  private async writeRow(db: Db, action: ChangeAction, employeeId: number, recordId: number | null, values: Row, userId: number): Promise<number | null> {
    const now = new Date();
    if (action === 'delete') {
      if (recordId !== null) {
        const row = and(eq(this.spec.id, recordId), eq(this.spec.employeeId, employeeId));
        // The deletion's version (the table's trigger) names who deleted the row from its updated_by.
        await db
          .update(this.spec.table)
          .set({ updatedBy: userId } as never)
          .where(row);
        await db.delete(this.spec.table).where(row);
      }
      return recordId;
    }
    if (action === 'update' && recordId !== null) {
      const updated = await db
        .update(this.spec.table)
        .set({ ...this.values(values), updatedAt: now, updatedBy: userId } as never)
        .where(and(eq(this.spec.id, recordId), eq(this.spec.employeeId, employeeId)))
        .returning({ id: this.spec.id });
      if (!updated.length) throw notFound('记录不存在或已删除');
      return recordId;
    }
    const [row] = await db
      .insert(this.spec.table)
      .values({ ...this.values(values), employeeId, createdBy: userId, updatedBy: userId } as never)
      .returning({ id: this.spec.id });
    return (row as { id: number }).id;
  }

  private async write(
    db: Db,
    user: Principal,
    ctx: Ctx,
    who: AccessibleEmployee,
    action: ChangeAction,
    recordId: number | null,
    values: Row,
  ): Promise<SectionSaved> {
    if (action !== 'delete') await this.assertOwnFiles(db, user, values);
    if (recordId !== null && (await openRequestFor(db, this.spec.name, who.emp.id, recordId))) {
      throw conflict(action === 'delete' ? EMPLOYEE_MSG.inApproval : EMPLOYEE_MSG.openRequest);
    }
    if (who.access === 'self' && this.needsApproval) {
      const saved = await requestChange(db, user, who.emp, { section: this.spec.name, action, recordId, values });
      ctx.audit({ recordId: `change:${saved.pendingRequest?.id}`, after: { section: this.spec.name, action, recordId } });
      return saved;
    }
    const before = recordId === null ? null : (await this.present(db, [await this.byId(db, recordId)], true))[0];
    const id = await this.apply(db, action, who.emp.id, recordId, values, user.userId);
    const after = action === 'delete' || id === null ? null : (await this.present(db, [await this.byId(db, id)], true))[0];
    ctx.audit({ recordId: id, before, after });
    return { id, pendingRequest: null };
  }

  async add(db: Db, user: Principal, ctx: Ctx, employeeId: number | null | undefined, values: Row): Promise<SectionSaved> {
    const who = await employeeFor(db, user, employeeId, 'write');
    return this.write(db, user, ctx, who, 'add', null, values);
  }

  /** A row's owner decides who may touch it; a row outside the user's reach answers 404. */
  private async ownerOf(db: Db, user: Principal, id: number): Promise<AccessibleEmployee> {
    const row = await this.byId(db, id);
    return employeeFor(db, user, row.employeeId as number, 'write');
  }

  async update(db: Db, user: Principal, ctx: Ctx, id: number, values: Row): Promise<SectionSaved> {
    return this.write(db, user, ctx, await this.ownerOf(db, user, id), 'update', id, values);
  }

  async remove(db: Db, user: Principal, ctx: Ctx, id: number): Promise<SectionSaved> {
    return this.write(db, user, ctx, await this.ownerOf(db, user, id), 'delete', id, {});
  }

  /** Singletons: creates the employee's row or changes it. */
  async save(db: Db, user: Principal, ctx: Ctx, employeeId: number | null | undefined, values: Row): Promise<SectionSaved> {
    const who = await employeeFor(db, user, employeeId, 'write');
    const [existing] = await this.rowsOf(db, who.emp.id);
    return this.write(db, user, ctx, who, existing ? 'update' : 'add', existing ? (existing.id as number) : null, values);
  }

  /** Employees a file group belongs to through this section (file read access). */
  async employeesWithFile(db: Db, groupId: string): Promise<number[]> {
    const columns = getTableColumns(this.spec.table) as Record<string, PgColumn>;
    const ids = new Set<number>();
    for (const f of this.spec.files ?? []) {
      const column = columns[f.group];
      if (!column) continue;
      const rows = await db
        .select({ employeeId: this.spec.employeeId })
        .from(this.spec.table as PgTable)
        .where(eq(column, groupId));
      for (const r of rows) ids.add(r.employeeId as number);
    }
    return [...ids];
  }
}

const maskAccount = (row: Row): Row => {
  const no = String(row.accountNo ?? '');
  return { ...row, accountNo: no.length > 8 ? `${no.slice(0, 4)}${'*'.repeat(no.length - 8)}${no.slice(-4)}` : '*'.repeat(no.length) };
};

const section = <T extends PgTable>(spec: SectionSpec<T>) => new EmployeeSection(spec);

/** Every record section, by the name the contract and the screens use. */
export const sections = {
  education: section({
    name: 'education',
    table: employeeEducations,
    id: employeeEducations.id,
    employeeId: employeeEducations.employeeId,
    order: [desc(employeeEducations.endDate)],
    files: [
      { group: 'diplomaFileId', list: 'diplomaFiles' },
      { group: 'degreeFileId', list: 'degreeFiles' },
    ],
  }),
  workerHistory: section({
    name: 'workerHistory',
    table: employeeWorkHistories,
    id: employeeWorkHistories.id,
    employeeId: employeeWorkHistories.employeeId,
    order: [desc(employeeWorkHistories.endDate)],
  }),
  link: section({
    name: 'link',
    table: employeeFamilies,
    id: employeeFamilies.id,
    employeeId: employeeFamilies.employeeId,
    order: [],
    personal: PERSONAL_FIELDS.emergencyContact,
  }),
  around: section({ name: 'around', table: employeeRelations, id: employeeRelations.id, employeeId: employeeRelations.employeeId, order: [] }),
  language: section({
    name: 'language',
    table: employeeLanguages,
    id: employeeLanguages.id,
    employeeId: employeeLanguages.employeeId,
    order: [],
    files: [{ group: 'fileId', list: 'files' }],
  }),
  certificate: section({
    name: 'certificate',
    table: employeeCertificates,
    id: employeeCertificates.id,
    employeeId: employeeCertificates.employeeId,
    order: [desc(employeeCertificates.issueDate)],
    files: [{ group: 'fileId', list: 'files' }],
  }),
  award: section({
    name: 'award',
    table: employeeAwards,
    id: employeeAwards.id,
    employeeId: employeeAwards.employeeId,
    order: [desc(employeeAwards.awardDate)],
    files: [{ group: 'fileId', list: 'files' }],
  }),
  vehicle: section({
    name: 'vehicle',
    table: employeeVehicles,
    id: employeeVehicles.id,
    employeeId: employeeVehicles.employeeId,
    order: [],
    duplicateMessage: '该车牌号已登记',
  }),
  administration: section({
    name: 'administration',
    table: employeeAdministrations,
    id: employeeAdministrations.id,
    employeeId: employeeAdministrations.employeeId,
    order: [],
    singleton: true,
  }),
  examination: section({
    name: 'examination',
    table: employeeExaminations,
    id: employeeExaminations.id,
    employeeId: employeeExaminations.employeeId,
    order: [],
    singleton: true,
    files: [{ group: 'fileId', list: 'files' }],
  }),
  bank: section({
    name: 'bank',
    table: employeeBankAccounts,
    id: employeeBankAccounts.id,
    employeeId: employeeBankAccounts.employeeId,
    order: [desc(employeeBankAccounts.salaryCard)],
    mask: maskAccount,
    personal: PERSONAL_FIELDS.bankAccount,
  }),
} satisfies Partial<Record<SectionName, EmployeeSection<PgTable>>>;

/** Whether a user may read a file filed on an employee's records (a section's attachment or a material). */
export async function canReadEmployeeFile(
  db: Db,
  user: Principal,
  groupId: string,
  materialOwners: (db: Db, groupId: string) => Promise<number[]>,
): Promise<boolean> {
  const owners = new Set<number>(await materialOwners(db, groupId));
  for (const s of Object.values(sections)) for (const id of await s.employeesWithFile(db, groupId)) owners.add(id);
  for (const employeeId of owners) {
    try {
      await employeeFor(db, user, employeeId, 'read');
      return true;
    } catch {
      // not readable through this employee; another may carry the same group
    }
  }
  return false;
}
