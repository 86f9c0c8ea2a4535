import { INVOICE_STATE, REIMBURSE_PROCESS } from '@erp/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { outbox, wfDefinitions } from '../../../db/schema';
import { seededRandom } from '../../../db/seed/names';
import type { ModuleSeed, SeedContext } from '../../../db/seed/types';
import { type Db, queryRows } from '../../../platform/db';
import * as engine from '../../../workflow/engine';
import { claimDocument, REIMBURSE_PROCESS_XML } from './reimburse.documents';
import { attachInvoicePhotos } from './reimburse.photos';
import { projectPicks } from './reimburse.projects';

/** The expense-claim process: every database gets it (and an administrator may change it in the designer). */
async function seedReimburseReference(ctx: SeedContext): Promise<void> {
  const [any] = await ctx.db.select({ id: wfDefinitions.id }).from(wfDefinitions).where(eq(wfDefinitions.key, REIMBURSE_PROCESS)).limit(1);
  if (!any) await engine.deploy(ctx.db, REIMBURSE_PROCESS_XML, ctx.userIds.get('admin') ?? null);
}

const SELLERS = [
  '上海锦江之星酒店管理有限公司',
  '中国东方航空股份有限公司',
  '北京全聚德餐饮有限公司',
  '京东商城（上海）有限公司',
  '中国移动通信集团上海有限公司',
  '上海强生出租汽车有限公司',
  '海底捞餐饮股份有限公司',
  '中国铁路上海局集团有限公司',
];

/** What each demo invoice is: its kind, the seller it comes from, the VAT rate in basis points, and the category it is claimed as. */
const KINDS: Array<{ kind: string; seller: number; rateBp: number; category: string; what: string }> = [
  { kind: '001', seller: 0, rateBp: 600, category: '004', what: '出差住宿' },
  { kind: '004', seller: 1, rateBp: 900, category: '001', what: '出差往返机票' },
  { kind: '003', seller: 2, rateBp: 600, category: '007', what: '客户接待用餐' },
  { kind: '002', seller: 3, rateBp: 1300, category: '005', what: '采购办公用品' },
  { kind: '003', seller: 4, rateBp: 600, category: '006', what: '手机话费' },
  { kind: '005', seller: 5, rateBp: 0, category: '002', what: '加班打车' },
  { kind: '003', seller: 6, rateBp: 600, category: '003', what: '项目组加班餐' },
  { kind: '004', seller: 7, rateBp: 900, category: '001', what: '出差高铁票' },
];

/** The states the demo claims end in, per person (a cycle): every state of the model appears. */
type Ending = 'draft' | 'approving' | 'toPay' | 'paid' | 'rejected' | 'revoked' | 'managerPassed';

async function pendingTask(db: Db, instanceId: number): Promise<{ id: number; userId: number } | undefined> {
  const [t] = await queryRows<{ id: number; assignee: number | null; candidates: number[] | null }>(
    db,
    sql`SELECT id, assignee_user_id AS assignee, candidate_user_ids AS candidates FROM wf_tasks
      WHERE instance_id = ${instanceId} AND status = 'pending' ORDER BY id LIMIT 1`,
  );
  if (!t) return undefined;
  const userId = t.assignee ?? t.candidates?.[0];
  return userId ? { id: Number(t.id), userId: Number(userId) } : undefined;
}

/**
 * Invoices and claims for emp01 and twenty colleagues: free invoices in every folder, and claims in
 * every state, moved there through the engine (so the process centre, the history and the tasks are
 * real): mgr01 has emp01's claim to approve, fin01 has claims to approve and to pay.
 */
async function seedReimburse(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const [mark] = await db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox);
  const rand = seededRandom(20261818 + 18);
  const people = await queryRows<{ id: number; code: string; orgId: number | null; name: string }>(
    db,
    sql`SELECT id, user_code AS code, org_id AS "orgId", real_name AS name FROM users
      WHERE user_code = 'emp01' OR user_code ~ '^user(0[1-9]|1[0-9]|20)$' ORDER BY (user_code = 'emp01') DESC, id`,
  );
  // A claim is charged only to a project whose team has the claimant (reimburse.projects.ts).
  const teams = new Map<number, number[]>();
  for (const person of people) teams.set(person.id, (await projectPicks(db, person.id)).map((p) => p.id).reverse());
  const fin = ctx.userIds.get('fin01') ?? null;
  const day = (back: number) => new Date(ctx.businessDay.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  let serial = 0;
  const cycle: Ending[] = ['approving', 'paid', 'toPay', 'managerPassed', 'rejected', 'draft', 'revoked'];

  for (const [pi, person] of people.entries()) {
    const endings: Ending[] = person.code === 'emp01' ? ['draft', 'approving', 'toPay', 'paid', 'rejected'] : [cycle[pi % cycle.length] as Ending];
    const invoiceCount = endings.length * 2 + 3;
    const invoices: Array<{ id: number; total: number; category: string; what: string; date: string }> = [];
    for (let k = 0; k < invoiceCount; k++) {
      serial++;
      const spec = KINDS[(pi + k) % KINDS.length] as (typeof KINDS)[number];
      const excl = (50 + Math.floor(rand() * 1_500)) * 100 + Math.floor(rand() * 100);
      const tax = Math.round((excl * spec.rateBp) / 10_000);
      const date = day(3 + Math.floor(rand() * 80));
      const vat = spec.kind === '001' || spec.kind === '002';
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO fin_expense_invoices (user_id, kind, invoice_code, invoice_no, invoice_date, seller, amount_excl_tax, tax, total, remark, created_by, updated_by)
          VALUES (${person.id}, ${spec.kind}, ${vat ? `0310025${String(1000 + (serial % 9000)).padStart(5, '0')}` : null},
            ${vat ? String(10_000_000 + serial * 7919).slice(0, 8) : `2631${String(2026_1118_0000_0000 + serial * 104_729).slice(-16)}`},
            ${date}, ${SELLERS[spec.seller]}, ${excl}, ${tax}, ${excl + tax}, ${k === 0 ? '纸质发票已交财务' : null}, ${person.id}, ${person.id})
          RETURNING id`,
      );
      invoices.push({ id: Number(row?.id), total: excl + tax, category: spec.category, what: spec.what, date });
    }
    for (const [ci, ending] of endings.entries()) {
      const mine = invoices.slice(ci * 2, ci * 2 + 2);
      const total = mine.reduce((a, i) => a + i.total, 0);
      const reason = `${mine[0]?.what ?? '日常费用'}等费用报销`;
      const mineProjects = teams.get(person.id) ?? [];
      const project = mineProjects.length && (pi + ci) % 2 === 0 ? (mineProjects[Math.floor(ci / 2) % mineProjects.length] ?? null) : null;
      const [claim] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO fin_expense_claims (user_id, org_id, project_id, reason, total, created_at, created_by, updated_by)
          VALUES (${person.id}, ${person.orgId}, ${project}, ${reason}, ${total}, now() - make_interval(days => ${20 - ci * 3}), ${person.id}, ${person.id}) RETURNING id`,
      );
      const claimId = Number(claim?.id);
      for (const [li, inv] of mine.entries()) {
        const [line] = await queryRows<{ id: number }>(
          db,
          sql`INSERT INTO fin_expense_claim_lines (claim_id, line_no, category, expense_date, amount, description, created_by, updated_by)
            VALUES (${claimId}, ${li + 1}, ${inv.category}, ${inv.date}, ${inv.total}, ${inv.what}, ${person.id}, ${person.id}) RETURNING id`,
        );
        await db.execute(sql`UPDATE fin_expense_invoices SET claim_id = ${claimId}, claim_line_id = ${Number(line?.id)}, state = ${INVOICE_STATE.claiming}
          WHERE id = ${inv.id}`);
      }
      if (ending === 'draft') continue;
      const { instanceId } = await claimDocument.submit(db, {
        id: claimId,
        userId: person.id,
        title: `费用报销：${person.name} ${(total / 100).toFixed(2)}元（${reason}）`,
        vars: { amount: total, orgId: person.orgId },
      });
      if (ending === 'approving') continue;
      if (ending === 'revoked') {
        await engine.revoke(db, { instanceId, userId: person.id });
        continue;
      }
      const first = await pendingTask(db, instanceId);
      if (!first) continue;
      if (ending === 'rejected') {
        await engine.reject(db, { taskId: first.id, userId: first.userId, message: '票据与事由不符，请核对后重新提交' });
        continue;
      }
      await engine.pass(db, { taskId: first.id, userId: first.userId, message: '同意' });
      if (ending === 'managerPassed') continue;
      const second = await pendingTask(db, instanceId);
      if (second) await engine.pass(db, { taskId: second.id, userId: second.userId, message: '票据齐全，同意' });
      if (ending === 'paid') {
        await db.execute(sql`UPDATE fin_expense_claims SET paid_date = ${day(2)}, paid_by = ${fin}, pay_remark = '网银转账' WHERE id = ${claimId}`);
        await db.execute(sql`UPDATE fin_expense_invoices SET state = ${INVOICE_STATE.claimed} WHERE claim_id = ${claimId}`);
      }
    }
  }
  // Every demo invoice with its photo, where the server has a file storage (not the tests' template).
  if (ctx.files) await attachInvoicePhotos(db, ctx.files);
  // The history's outcomes notify nobody (the notices of what is left to approve stay: they carry a to-do).
  await db.delete(outbox).where(and(eq(outbox.topic, 'notify'), gt(outbox.id, mark?.id ?? 0), sql`${outbox.payload}->'todo' IS NULL`));
}

export const reimburseSeed: ModuleSeed = {
  name: 'reimburse',
  reference: seedReimburseReference,
  seed: seedReimburse,
};
