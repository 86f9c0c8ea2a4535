import { DOCUMENT_MSG, DOCUMENT_STATUS_CODE, type DocumentState, OPEN_DOCUMENT_STATES } from '@erp/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { wfTasks } from '../../db/schema';
import * as engine from '../../workflow/engine';
import { type HookEvent, registerWorkflowHooks } from '../../workflow/hooks';
import { type Db, queryRows } from '../db';
import { badRequest, notFound } from '../errors';
import { nextDocumentNumber } from './document-number';

type Row = Record<string, unknown>;

/**
 * A business document bound to an approval process, declared once: its table and the columns the
 * kernel keeps (state, process instance, number), its process and default definition, and what
 * the final pass does. The kernel then numbers it on submission, starts the engine with the record
 * as business, keeps the state in step with every engine command in that command's transaction,
 * and refuses task commands of other processes. Modules write only what is their own: the form,
 * its checks and the effect of the approval.
 */
export interface DocumentSpec<T extends PgTable> {
  /** Process key (the BPMN process id). */
  processKey: string;
  /** Number prefix, 2–6 capital letters: `${prefix}${yyyymmdd}${seq}`. */
  prefix: string;
  /** What users call it (“转正申请”), for messages. */
  name: string;
  table: T;
  columns: { id: PgColumn; state: PgColumn; instanceId: PgColumn; documentNo: PgColumn };
  /** Deployed on first submission when no version of the process exists (a database without demo data). */
  defaultDefinitionXml?: string;
  /**
   * Any other step (a pass of one node, a send back, a resubmission), whichever call made it — the
   * document's own or the process centre's generic one; throw to refuse it (the whole step is undone).
   */
  onStep?(tx: Db, row: T['$inferSelect'], e: HookEvent): Promise<void>;
  /**
   * The request sent back is submitted again — by the document's own call or by the process
   * centre's generic `task/resubmit`, which skips nothing of this — before it routes again:
   * `form` is what the applicant sent as corrections (empty when none; it is already merged into
   * the process variables, which the conditions and assignee rules read). Check the corrections and
   * store them on the record, refusing any field that may not change; check the record as a
   * submission would; throw to refuse (the resubmission is undone).
   *
   * Without it, a resubmission corrects nothing: any field in `form` is refused (重新提交时不能修改),
   * so the route stays the one the record was submitted with. Such a document changes its record
   * through its own calls, which resubmit with the variables they read from it (`resubmit`'s `vars`).
   */
  onResubmit?(tx: Db, row: T['$inferSelect'], form: Record<string, unknown>, e: HookEvent): Promise<void>;
  /**
   * The process variables the record routes by — what a submission passes as `vars` — read from
   * the row. Declared by a document whose record can change while it is back with the applicant:
   * every resubmission, whichever call makes it, routes by these (read after `onResubmit`), not by
   * what the last submission or the corrections left in the process.
   */
  routingVars?(tx: Db, row: T['$inferSelect']): Promise<Record<string, unknown>>;
  /** The approval passed: apply the document (same transaction as the final pass). */
  onPassed?(tx: Db, row: T['$inferSelect'], e: HookEvent): Promise<void>;
  /** Rejected or revoked. */
  onClosed?(tx: Db, row: T['$inferSelect'], e: HookEvent): Promise<void>;
}

/** The account of the employee a document is about (`employeeId` in its process variables), if any. */
async function subjectUserOf(tx: Db, vars: Record<string, unknown>): Promise<number | null> {
  const employeeId = vars.employeeId;
  if (typeof employeeId !== 'number' || !Number.isInteger(employeeId)) return null;
  const [row] = await queryRows<{ userId: number | null }>(tx, sql`SELECT user_id AS "userId" FROM employees WHERE id = ${employeeId}`);
  return row?.userId ?? null;
}

export class BusinessDocument<T extends PgTable> {
  private readonly keys: { state: string; instanceId: string; documentNo: string };

  constructor(readonly spec: DocumentSpec<T>) {
    const keyOf = new Map<PgColumn, string>(Object.entries(getTableColumns(spec.table)).map(([k, c]) => [c as PgColumn, k]));
    const key = (c: PgColumn) => {
      const k = keyOf.get(c);
      if (!k) throw new Error(`${spec.processKey}: column ${c.name} is not a column of the document table`);
      return k;
    };
    this.keys = { state: key(spec.columns.state), instanceId: key(spec.columns.instanceId), documentNo: key(spec.columns.documentNo) };
    registerWorkflowHooks(spec.processKey, {
      onStart: (tx, e) => this.set(tx, Number(e.businessId), { state: 'approving', instanceId: e.instanceId }, e.userId),
      onResubmit: async (tx, e) => {
        const id = Number(e.businessId);
        if (spec.onResubmit) await spec.onResubmit(tx, await this.row(tx, id), e.form ?? {}, e);
        else refuseCorrections(e.form ?? {});
        return spec.routingVars ? spec.routingVars(tx, await this.row(tx, id)) : undefined;
      },
      onStep: async (tx, e) => {
        if (spec.onStep) await spec.onStep(tx, await this.row(tx, Number(e.businessId)), e);
        await this.set(tx, Number(e.businessId), { state: e.status === 'returned' ? 'returned' : 'approving' }, e.userId);
      },
      onEnd: async (tx, e) => {
        const row = await this.row(tx, Number(e.businessId));
        if (e.status === 'passed') await spec.onPassed?.(tx, row, e);
        else await spec.onClosed?.(tx, row, e);
        await this.set(tx, Number(e.businessId), { state: e.status === 'passed' ? 'passed' : e.status === 'rejected' ? 'rejected' : 'revoked' }, e.userId);
      },
    });
  }

  /** The STATUS legend code of a state (what lists show with its colour). */
  static statusCode(state: string): string {
    return DOCUMENT_STATUS_CODE[state as DocumentState] ?? DOCUMENT_STATUS_CODE.draft;
  }

  static isOpen(state: string): boolean {
    return OPEN_DOCUMENT_STATES.includes(state as DocumentState);
  }

  async row(db: Db, id: number): Promise<T['$inferSelect']> {
    const [row] = await db
      .select()
      .from(this.spec.table as PgTable)
      .where(eq(this.spec.columns.id, id))
      .limit(1);
    if (!row) throw notFound(`${this.spec.name}不存在`);
    return row as T['$inferSelect'];
  }

  async byInstance(db: Db, instanceId: number): Promise<T['$inferSelect'] | undefined> {
    const [row] = await db
      .select()
      .from(this.spec.table as PgTable)
      .where(eq(this.spec.columns.instanceId, instanceId))
      .limit(1);
    return row as T['$inferSelect'] | undefined;
  }

  private async set(tx: Db, id: number, patch: { state?: DocumentState; instanceId?: number; documentNo?: string }, userId: number | null): Promise<void> {
    const values: Row = {};
    if (patch.state) values[this.keys.state] = patch.state;
    if (patch.instanceId !== undefined) values[this.keys.instanceId] = patch.instanceId;
    if (patch.documentNo !== undefined) values[this.keys.documentNo] = patch.documentNo;
    const columns = getTableColumns(this.spec.table);
    if ('updatedAt' in columns) values.updatedAt = new Date();
    if ('updatedBy' in columns && userId) values.updatedBy = userId;
    await tx
      .update(this.spec.table)
      .set(values as never)
      .where(eq(this.spec.columns.id, id));
  }

  /** Deploys the default definition when the process has never been deployed. */
  async ensureDeployed(tx: Db, userId: number): Promise<void> {
    if (await engine.latestDefinition(tx, this.spec.processKey)) return;
    const any = await tx.query.wfDefinitions.findFirst({ where: (d, { eq }) => eq(d.key, this.spec.processKey) });
    // Deployed but switched off on purpose: say so rather than deploying it again.
    if (any || !this.spec.defaultDefinitionXml) throw badRequest(engine.MSG.noDefinition);
    await engine.deploy(tx, this.spec.defaultDefinitionXml, userId);
  }

  /**
   * Submits a stored document (in the caller's transaction): gives it its number if it has none
   * and starts the process with the record as business; the start hook moves it to `approving`.
   */
  async submit(
    tx: Db,
    input: { id: number; userId: number; title: string; vars: Record<string, unknown> },
  ): Promise<{ instanceId: number; documentNo: string }> {
    await this.ensureDeployed(tx, input.userId);
    const row = (await this.row(tx, input.id)) as Row;
    let documentNo = row[this.keys.documentNo] as string | null;
    if (!documentNo) {
      documentNo = await nextDocumentNumber(tx, this.spec.prefix);
      await this.set(tx, input.id, { documentNo }, input.userId);
    }
    const { instance } = await engine.start(tx, {
      processKey: this.spec.processKey,
      businessId: String(input.id),
      title: input.title,
      initiatorUserId: input.userId,
      vars: input.vars,
      // Whoever prepared the record, and the employee it is about, do not decide it either.
      parties: [typeof row.createdBy === 'number' ? row.createdBy : null, await subjectUserOf(tx, input.vars)],
    });
    return { instanceId: instance.id, documentNo };
  }

  /** A task of this document's process and the document it belongs to; other tasks are refused. */
  async task(db: Db, taskId: number) {
    const [task] = await db.select().from(wfTasks).where(eq(wfTasks.id, taskId)).limit(1);
    if (!task) throw notFound(engine.MSG.taskMissing);
    const row = await this.byInstance(db, task.instanceId);
    if (!row) throw badRequest(`该任务不是${this.spec.name}的任务`);
    return { task, row };
  }

  async pass(db: Db, cmd: { taskId: number; userId: number; message?: string | null }): Promise<void> {
    await this.task(db, cmd.taskId);
    await engine.pass(db, cmd);
  }

  async reject(db: Db, cmd: { taskId: number; userId: number; message: string }): Promise<void> {
    await this.task(db, cmd.taskId);
    await engine.reject(db, cmd);
  }

  async rollback(db: Db, cmd: { taskId: number; userId: number; sort: number; message?: string | null }): Promise<void> {
    await this.task(db, cmd.taskId);
    await engine.rollback(db, cmd);
  }

  async transfer(db: Db, cmd: { taskId: number; userId: number; toUserId: number; remark: string }): Promise<void> {
    await this.task(db, cmd.taskId);
    await engine.transfer(db, cmd);
  }

  /**
   * The applicant's resubmit task done by the document's own call: `vars` are what the module read
   * from its (corrected, checked) record, like a submission's; `form` the applicant's corrections,
   * for the document's `onResubmit` to check and store.
   */
  async resubmit(tx: Db, cmd: engine.ResubmitCommand): Promise<void> {
    await engine.resubmit(tx, cmd);
  }

  async revoke(db: Db, id: number, userId: number): Promise<void> {
    const row = (await this.row(db, id)) as Row;
    const instanceId = row[this.keys.instanceId] as number | null;
    if (!instanceId) throw notFound(`${this.spec.name}不存在`);
    await engine.revoke(db, { instanceId, userId });
  }
}

/**
 * Refuses corrections sent with a resubmission (the kernel's default, and for a document whose
 * `onResubmit` checks the record but takes no corrections): they would reach the process variables
 * the route reads without ever reaching the record.
 */
export function refuseCorrections(form: Record<string, unknown>): void {
  const fields = Object.keys(form);
  if (fields.length) throw badRequest(DOCUMENT_MSG.notCorrectable(fields.join('、')));
}

export function defineDocument<T extends PgTable>(spec: DocumentSpec<T>): BusinessDocument<T> {
  return new BusinessDocument(spec);
}
