import type { Page, PageRequest, ResourceMeta } from '@erp/contract';
import { and, type Column, eq, getTableColumns, isNull, ne, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { dataScopeCondition } from '../auth/data-scope';
import type { Principal } from '../auth/principal';
import type { Db } from '../db';
import { conflict, forbidden, notFound } from '../errors';
import type { CallContext } from '../http/context';
import { orderFor, pageOfRows, pageWindow } from '../http/paging';
import type { FilterFn } from './filters';
import { PageStatement, type Readable } from './page-statement';

type Row = Record<string, unknown>;

/** The id read along with an export's rows, to put them back in list order. */
const BATCH_ID = '__batchId';

export interface Join {
  table: PgTable;
  on: SQL;
}

/** A uniqueness rule checked before every insert/update, with the message users see. */
export interface UniqueRule {
  columns: PgColumn[];
  message: string;
  /** Compare lower-cased (user codes). */
  ci?: boolean;
}

/**
 * A resource: one table (plus joins for display columns) exposed as page/list/detail/add/update/
 * delete/export/import. `R` is the record type of the contract; `T` the Drizzle table.
 */
export interface ResourceSpec<R extends Row, T extends PgTable> {
  meta: ResourceMeta<R>;
  table: T;
  idColumn: PgColumn;
  /** How each field of the record is read (columns of the table or of its joins, or SQL). */
  select: { [K in keyof R]: Readable };
  joins?: Join[];
  /** Filters by request field name. */
  filters?: Record<string, FilterFn<never>>;
  /** Sortable request names → columns; defaults to the meta fields marked `sortable`. */
  sortable?: Record<string, Column | SQL>;
  defaultOrder: SQL[];
  /** Columns the data scope of the user applies to; absent = everyone with the call's permission sees all. */
  scope?: { orgId: Column; ownerUserId?: Column };
  unique?: UniqueRule[];
  softDelete?: PgColumn;
  /** Always-on condition (e.g. leave out client companies). */
  where?: SQL;
}

export type InsertOf<T extends PgTable> = T['$inferInsert'];

function normalise<R>(row: Row): R {
  for (const k in row) {
    const v = row[k];
    if (v instanceof Date) row[k] = v.toISOString();
  }
  return row as R;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  return e.code === '23505' || isUniqueViolation(e.cause);
}

export class Resource<R extends Row, T extends PgTable> {
  private readonly keyOf = new Map<Column, string>();
  private readonly sortable: Record<string, Column | SQL>;
  private readonly statement: PageStatement;

  constructor(readonly spec: ResourceSpec<R, T>) {
    this.statement = PageStatement.of({ select: spec.select, table: spec.table, joins: spec.joins ?? [], key: spec.idColumn });
    for (const [key, column] of Object.entries(getTableColumns(spec.table))) this.keyOf.set(column, key);
    this.sortable =
      spec.sortable ??
      Object.fromEntries(
        Object.entries(spec.meta.fields)
          .filter(([, f]) => f?.sortable)
          .map(([k]) => {
            const readable = spec.select[k as keyof R];
            return [k, readable instanceof SQL.Aliased ? readable.sql : (readable as Column | SQL)];
          }),
      );
  }

  /** WHERE of a list request: the filters given, the data scope, soft delete and the fixed condition. */
  conditions(filters: Record<string, unknown>, user: Principal | null, extra?: SQL): SQL | undefined {
    const parts: Array<SQL | undefined> = [this.spec.where, extra];
    for (const [name, fn] of Object.entries(this.spec.filters ?? {})) {
      if (name in filters) parts.push((fn as FilterFn)(filters[name]));
    }
    if (this.spec.softDelete) parts.push(isNull(this.spec.softDelete));
    if (this.spec.scope && user) parts.push(dataScopeCondition(user, this.spec.scope));
    return and(...parts);
  }

  private query(db: Db, fields: Record<string, Readable>) {
    let q = db
      .select(fields)
      .from(this.spec.table as PgTable)
      .$dynamic();
    for (const j of this.spec.joins ?? []) q = q.leftJoin(j.table, j.on);
    return q;
  }

  /** One page and the total, in one statement (see PageStatement). */
  async page(db: Db, req: PageRequest & Record<string, unknown>, user: Principal | null, extra?: SQL): Promise<Page<R>> {
    const where = this.conditions(req, user, extra);
    const { limit, offset } = pageWindow(req);
    const order = orderFor(req, this.sortable, [...this.spec.defaultOrder, this.spec.idColumn as unknown as SQL]);
    const { rows, counts } = await this.statement.page(db, { where, order, limit, offset });
    return pageOfRows(
      rows.map((r) => normalise<R>(r)),
      counts.total,
      req,
    );
  }

  /** Whether a request is listed in the default order (no sort field, or one the list does not allow). */
  inDefaultOrder(req: Pick<PageRequest, 'sortField'>): boolean {
    return !(req.sortField && Object.hasOwn(this.sortable, req.sortField));
  }

  /**
   * A page whose rows a module finds by its own means (e.g. from an order index a WHERE on the table
   * cannot walk): `keys` is a sub-select answering exactly the keys of the requested page, `total` a
   * query answering the total; both must already hold the list's conditions (data scope, soft delete).
   * The rows are read, named and ordered as `page` reads them, and the total comes along in the same
   * statement.
   */
  async pageOfKeys(db: Db, req: PageRequest, keys: SQL, total: SQL): Promise<Page<R>> {
    const order = orderFor(req, this.sortable, [...this.spec.defaultOrder, this.spec.idColumn as unknown as SQL]);
    const { rows, counts } = await this.statement.page(db, {
      where: sql`${this.spec.idColumn} IN (${keys})`,
      order,
      limit: req.pageSize,
      offset: 0,
      counts: { total },
    });
    return pageOfRows(
      rows.map((r) => normalise<R>(r)),
      counts.total,
      req,
    );
  }

  /** Up to `max` rows in list order, for exports and pickers. */
  async list(
    db: Db,
    req: Partial<Pick<PageRequest, 'sortField' | 'sortOrder'>> & Record<string, unknown>,
    user: Principal | null,
    opts: { limit?: number; offset?: number; extra?: SQL } = {},
  ): Promise<R[]> {
    const rows = await this.query(db, this.spec.select)
      .where(this.conditions(req, user, opts.extra))
      .orderBy(...orderFor(req, this.sortable, [...this.spec.defaultOrder, this.spec.idColumn as unknown as SQL]))
      .limit(opts.limit ?? 1000)
      .offset(opts.offset ?? 0);
    return rows.map((r) => normalise<R>(r as Row));
  }

  /**
   * Every matching row in list order, `size` at a time (exports stream these). The ids come first, in
   * one query with the filters and the order; then the rows of each slice of ids, the conditions
   * checked again (a row that left the filter or the data scope meanwhile is left out). No OFFSET:
   * its cost grows with every page, each page re-reading all rows before it.
   */
  async *batches(db: Db, req: Record<string, unknown>, user: Principal | null, size = 5000): AsyncGenerator<R[]> {
    const idColumn = this.spec.idColumn;
    const order = orderFor(req, this.sortable, [...this.spec.defaultOrder, idColumn as unknown as SQL]);
    const ids = (
      await this.query(db, { id: idColumn })
        .where(this.conditions(req, user))
        .orderBy(...order)
    ).map((r) => r.id);
    for (let i = 0; i < ids.length; i += size) {
      const slice = ids.slice(i, i + size);
      // One array parameter, not one per id: the same short statement for every slice.
      const rows = await this.query(db, { ...this.spec.select, [BATCH_ID]: idColumn }).where(
        this.conditions(req, user, sql`${idColumn} = ANY(${sql.param(slice)})`),
      );
      const byId = new Map(rows.map((r) => [(r as Row)[BATCH_ID], r as Row]));
      const batch: R[] = [];
      for (const id of slice) {
        const row = byId.get(id);
        if (!row) continue;
        delete row[BATCH_ID];
        batch.push(normalise<R>(row));
      }
      if (batch.length) yield batch;
    }
  }

  /** One record the user may see, or 404 (records outside the data scope do not exist for the user). */
  async detail(db: Db, id: number, user: Principal | null): Promise<R> {
    const rows = await this.query(db, this.spec.select)
      .where(this.conditions({}, user, eq(this.spec.idColumn, id)))
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound();
    return normalise<R>(row as Row);
  }

  /** Refuses a write whose department lies outside the user's data scope. */
  async assertOrgInScope(db: Db, user: Principal, orgId: number | null | undefined): Promise<void> {
    if (!this.spec.scope || orgId === null || orgId === undefined || user.dataScope.kind === 'all') return;
    const [row] = await db
      .execute<{ ok: boolean }>(sql`SELECT ${dataScopeCondition(user, { orgId: sql`${orgId}::int` })} AS ok`)
      .then((r) => (r as unknown as { rows: Array<{ ok: boolean }> }).rows);
    if (!row?.ok) throw forbidden('没有该部门的数据权限');
  }

  /** Checks the uniqueness rules for values about to be written (excluding the record itself). */
  async assertUnique(db: Db, values: Row, exceptId?: number): Promise<void> {
    for (const rule of this.spec.unique ?? []) {
      const parts: SQL[] = [];
      let complete = true;
      for (const column of rule.columns) {
        const key = this.keyOf.get(column);
        const value = key === undefined ? undefined : values[key];
        if (value === undefined || value === null || value === '') {
          complete = false;
          break;
        }
        parts.push(rule.ci && typeof value === 'string' ? sql`lower(${column}) = ${value.toLowerCase()}` : eq(column, value));
      }
      if (!complete) continue;
      if (exceptId !== undefined) parts.push(ne(this.spec.idColumn, exceptId));
      if (this.spec.softDelete) parts.push(isNull(this.spec.softDelete));
      const hit = await db
        .select({ one: sql`1` })
        .from(this.spec.table as PgTable)
        .where(and(...parts))
        .limit(1);
      if (hit.length) throw conflict(rule.message);
    }
  }

  private stamp(values: Row, user: Principal | null, creating: boolean): Row {
    const columns = getTableColumns(this.spec.table);
    const out: Row = { ...values };
    const now = new Date();
    if ('updatedAt' in columns) out.updatedAt = now;
    if ('updatedBy' in columns && user) out.updatedBy = user.userId;
    if (creating && 'createdBy' in columns && user) out.createdBy = user.userId;
    return out;
  }

  private async guardUnique<X>(db: Db, work: (tx: Db) => Promise<X>): Promise<X> {
    try {
      // In a savepoint: inside a call's transaction a refused statement would otherwise abort it all.
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (err) {
      // Two identical requests racing past the check: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(this.spec.unique?.[0]?.message ?? '记录已存在');
      throw err;
    }
  }

  /** Inserts after the uniqueness checks; answers the new record as the list shows it. */
  async add(db: Db, values: InsertOf<T>, ctx: Pick<CallContext, 'audit'> & { user: Principal | null }): Promise<R> {
    await this.assertUnique(db, values as Row);
    const id = await this.guardUnique(db, async (tx) => {
      const [row] = await tx
        .insert(this.spec.table)
        .values(this.stamp(values as Row, ctx.user, true) as InsertOf<T>)
        .returning({ id: this.spec.idColumn });
      return (row as { id: number }).id;
    });
    const after = await this.detail(db, id, null);
    ctx.audit({ recordId: id, after });
    return after;
  }

  /** Updates a record the user may see; the audit log gets the record before and after. */
  async update(db: Db, id: number, values: Partial<InsertOf<T>>, ctx: Pick<CallContext, 'audit'> & { user: Principal | null }): Promise<R> {
    const before = await this.detail(db, id, ctx.user);
    await this.assertUnique(db, values as Row, id);
    await this.guardUnique(db, (tx) =>
      tx
        .update(this.spec.table)
        .set(this.stamp(values as Row, ctx.user, false) as Partial<InsertOf<T>>)
        .where(eq(this.spec.idColumn, id)),
    );
    const after = await this.detail(db, id, null);
    ctx.audit({ recordId: id, before, after });
    return after;
  }

  /** Deletes (or soft-deletes) a record the user may see. */
  async remove(db: Db, id: number, ctx: Pick<CallContext, 'audit'> & { user: Principal | null }): Promise<R> {
    const before = await this.detail(db, id, ctx.user);
    if (this.spec.softDelete) {
      const key = this.keyOf.get(this.spec.softDelete) as string;
      await db
        .update(this.spec.table)
        .set(this.stamp({ [key]: new Date() }, ctx.user, false) as Partial<InsertOf<T>>)
        .where(eq(this.spec.idColumn, id));
    } else {
      await db.delete(this.spec.table).where(eq(this.spec.idColumn, id));
    }
    ctx.audit({ recordId: id, before, after: null });
    return before;
  }
}

export function defineResource<R extends Row, T extends PgTable>(spec: ResourceSpec<R, T>): Resource<R, T> {
  return new Resource(spec);
}
