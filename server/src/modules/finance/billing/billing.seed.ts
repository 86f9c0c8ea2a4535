import { BILL_STATUS, lineAmounts, PROJECT_PHASE, sumAmounts } from '@erp/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { orgUnits, users, wfDefinitions } from '../../../db/schema';
import { seededRandom } from '../../../db/seed/names';
import type { ModuleSeed, SeedContext } from '../../../db/seed/types';
import { deploy } from '../../../workflow/engine';
import { finProjectPeople, finProjects } from '../project/project.schema';
import { BILLING_PROCESS_XML, billDocument } from './billing.documents';
import { billingMenus } from './billing.menus';
import {
  finBillCollections,
  finBillLines,
  finBillSequences,
  finBills,
  finCancellationBills,
  finCompanyBilling,
  finInvoices,
  finInvoiceVoids,
} from './billing.schema';

/** The two default processes: every database gets them, at first start and on upgrade. */
export async function seedBillingReference(ctx: SeedContext): Promise<void> {
  for (const [key, xml] of Object.entries(BILLING_PROCESS_XML)) {
    const [any] = await ctx.db.select({ id: wfDefinitions.id }).from(wfDefinitions).where(eq(wfDefinitions.key, key)).limit(1);
    if (!any) await deploy(ctx.db, xml, ctx.userIds.get('admin') ?? null);
  }
}

const addMonths = (ym: number, n: number) => {
  const t = Math.floor(ym / 100) * 12 + (ym % 100) - 1 + n;
  return Math.floor(t / 12) * 100 + (t % 12) + 1;
};
const dayOf = (ym: number, day: number) => `${Math.floor(ym / 100)}-${String(ym % 100).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const TYPE_OF_PROJECT: Record<string, { billType: string; method: string; rate: number }> = {
  '001': { billType: '001', method: '001', rate: 600 },
  '002': { billType: '001', method: '002', rate: 600 },
  '003': { billType: '002', method: '003', rate: 600 },
  '004': { billType: '003', method: '004', rate: 300 },
};
const POSITIONS = ['Java开发工程师', '测试工程师', '客服专员', '仓储操作员', '数据标注员', '运维工程师', '门店导购', '产线操作工'];

/**
 * Twelve months of bills for the approved demo projects, in every state: months long gone are
 * invoiced, collected and mostly written off; recent ones part-collected or unpaid; last month's
 * wait for their invoice (one application refused); this month's are drafts, in approval or
 * approved. Two bills had an invoice voided and issued again. Everything reconciles.
 */
async function seedBills(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const rand = seededRandom(20261217);
  const fin = ctx.userIds.get('fin01') as number;
  const thisMonth = ctx.businessDay.getUTCFullYear() * 100 + ctx.businessDay.getUTCMonth() + 1;
  const companies = await db.select({ id: orgUnits.id, code: orgUnits.code }).from(orgUnits).where(sql`${orgUnits.type} = 'company'`);
  const codeOf = new Map(companies.map((c) => [c.id, c.code]));
  await db
    .insert(finCompanyBilling)
    .values(
      companies.map((c, i) => ({
        orgId: c.id,
        taxNo: `91310000${String(7000000000 + c.id * 7919).slice(0, 10)}`,
        address: ['上海市浦东新区张江路88号', '北京市海淀区中关村大街1号', '深圳市南山区科技园南区'][i % 3],
        phone: `021-6${String(1000000 + c.id * 37).slice(0, 7)}`,
        bankName: ['招商银行上海张江支行', '中国工商银行北京中关村支行', '中国建设银行深圳科技园支行'][i % 3],
        bankAccount: `6225${String(100000000000 + c.id * 104729).slice(0, 12)}`,
        creditDays: [30, 45, 60][i % 3] as number,
        createdBy: fin,
      })),
    )
    .onConflictDoNothing();
  const projects = await db
    .select()
    .from(finProjects)
    .where(and(eq(finProjects.state, 'passed'), inArray(finProjects.phase, [PROJECT_PHASE.active, PROJECT_PHASE.closed])))
    .orderBy(finProjects.id);
  const seq = new Map<string, number>();
  let kp = 0;
  let hk = 0;
  let voided = 0;
  const toSubmit: number[] = [];
  for (const p of projects) {
    const t = TYPE_OF_PROJECT[p.projectType ?? '001'] ?? { billType: '001', method: '001', rate: 600 };
    const team = await db
      .select({ userId: finProjectPeople.userId, name: users.realName })
      .from(finProjectPeople)
      .innerJoin(users, eq(users.id, finProjectPeople.userId))
      .where(eq(finProjectPeople.projectId, p.id));
    const start = Number((p.startDate as string).slice(0, 7).replace('-', ''));
    const end = Number((p.endDate as string).slice(0, 7).replace('-', ''));
    for (let k = 11; k >= 0; k--) {
      const month = addMonths(thisMonth, -k);
      if (month < start || month > end) continue;
      const lines = team.map((m, i) => {
        const quantityX100 =
          t.method === '001' ? (160 + Math.floor(rand() * 24)) * 100 + (rand() < 0.3 ? 50 : 0) : t.method === '003' ? (1 + Math.floor(rand() * 3)) * 100 : 100;
        const unitPrice =
          t.method === '001'
            ? 8000 + Math.floor(rand() * 9000)
            : t.method === '003'
              ? 600000 + Math.floor(rand() * 600000)
              : 1500000 + Math.floor(rand() * 2000000);
        return {
          lineNo: i + 1,
          userId: m.userId,
          personName: t.billType === '002' ? `候选人${String.fromCharCode(65 + i)}` : m.name,
          description: t.billType === '002' ? `${POSITIONS[i % POSITIONS.length]}（入职）` : (POSITIONS[(p.id + i) % POSITIONS.length] as string),
          quantityX100,
          unitPrice,
          taxRateBp: t.rate,
          ...lineAmounts(quantityX100, unitPrice, t.rate),
        };
      });
      const total = sumAmounts(lines);
      // What happened to it, by age (and a little variety).
      const r = rand();
      const stage =
        k === 0
          ? r < 0.35
            ? 'draft'
            : r < 0.65
              ? 'approving'
              : 'pendingInvoice'
          : k === 1
            ? r < 0.6
              ? 'invoicing'
              : r < 0.75
                ? 'invoiceRejected'
                : 'unpaid'
            : k === 2
              ? 'unpaid'
              : k === 3
                ? 'partPaid'
                : k < 6
                  ? 'paid'
                  : r < 0.3
                    ? 'partWrittenOff'
                    : 'writtenOff';
      const approved = stage !== 'draft' && stage !== 'approving';
      const invoiced = ['unpaid', 'partPaid', 'paid', 'partWrittenOff', 'writtenOff'].includes(stage);
      const year = Math.floor(month / 100);
      const seqKey = `${p.settleOrgId}:${year}`;
      let billNo: string | null = null;
      if (approved) {
        const n = (seq.get(seqKey) ?? 0) + 1;
        seq.set(seqKey, n);
        billNo = `JS${codeOf.get(p.settleOrgId as number) ?? 'X'}${year}${String(n).padStart(5, '0')}`;
      }
      const invoiceDate = dayOf(addMonths(month, 1), 5 + Math.floor(rand() * 10));
      const collected =
        stage === 'partPaid' ? Math.round(total.amountIncl * 0.4) : ['paid', 'partWrittenOff', 'writtenOff'].includes(stage) ? total.amountIncl : 0;
      const writtenOff = stage === 'writtenOff' ? collected : stage === 'partWrittenOff' ? Math.round(collected * 0.5) : 0;
      const [bill] = await db
        .insert(finBills)
        .values({
          billNo,
          billType: t.billType,
          settleMethod: t.method,
          projectId: p.id,
          clientOrgId: p.clientOrgId as number,
          settleOrgId: p.settleOrgId as number,
          deptId: p.deptId,
          managerUserId: p.managerUserId,
          month,
          taxRateBp: t.rate,
          ...total,
          state: approved ? 'passed' : 'draft',
          invoiceStatus: !approved
            ? BILL_STATUS.pendingPush
            : stage === 'pendingInvoice'
              ? BILL_STATUS.pendingInvoice
              : stage === 'invoicing'
                ? BILL_STATUS.invoicing
                : stage === 'invoiceRejected'
                  ? BILL_STATUS.invoiceRejected
                  : BILL_STATUS.invoiced,
          paymentStatus: invoiced && collected === total.amountIncl ? BILL_STATUS.paid : BILL_STATUS.unpaid,
          writeoffStatus: writtenOff === 0 ? BILL_STATUS.notWrittenOff : writtenOff < total.amountIncl ? BILL_STATUS.partWrittenOff : BILL_STATUS.writtenOff,
          invoicedAmount: invoiced ? total.amountIncl : 0,
          collectedAmount: collected,
          writtenOffAmount: writtenOff,
          invoiceDate: invoiced ? invoiceDate : null,
          dueDate: invoiced ? sql`${invoiceDate}::date + 30` : null,
          remark: k === 0 && stage === 'draft' ? '本月考勤待客户确认' : null,
          createdBy: p.managerUserId ?? fin,
          updatedBy: fin,
        })
        .returning({ id: finBills.id });
      const billId = (bill as { id: number }).id;
      await db.insert(finBillLines).values(lines.map((l) => ({ ...l, billId })));
      if (stage === 'approving') toSubmit.push(billId);
      const buyer = {
        invoiceType: t.rate === 600 ? '001' : '002',
        buyerName: '',
        amountExcl: total.amountExcl,
        taxAmount: total.amountIncl - total.amountExcl,
      };
      const [client] = await db
        .select({ name: orgUnits.name })
        .from(orgUnits)
        .where(eq(orgUnits.id, p.clientOrgId as number));
      buyer.buyerName = client?.name ?? '客户';
      const invoice = (state: string, extra: Record<string, unknown> = {}) =>
        db
          .insert(finInvoices)
          .values({
            billId,
            applyNo: `KP${month}01${String(++kp).padStart(4, '0')}`,
            ...buyer,
            amountIncl: total.amountIncl,
            state,
            appliedBy: p.managerUserId,
            createdBy: p.managerUserId,
            ...extra,
          })
          .returning({ id: finInvoices.id });
      if (stage === 'invoicing') await invoice('applied');
      if (stage === 'invoiceRejected') await invoice('refused', { refuseReason: '购方税号与客户开票信息不一致，请核对后重新申请' });
      if (invoiced) {
        // Two bills had their first invoice voided (wrong buyer tax number) and a new one issued.
        if (voided < 2 && stage === 'paid') {
          voided++;
          const [old] = await invoice('voided', {
            invoiceNo: `4403${String(month)}${String(kp).padStart(4, '0')}`,
            invoiceDate: dayOf(addMonths(month, 1), 2),
            issuedBy: fin,
          });
          await db.insert(finInvoiceVoids).values({
            voidNo: `FPZF${month}01${String(voided).padStart(4, '0')}`,
            invoiceId: (old as { id: number }).id,
            billId,
            reason: '购方纳税人识别号填写错误，申请作废重开',
            state: 'passed',
            decidedBy: fin,
            decidedAt: new Date(`${dayOf(addMonths(month, 1), 3)}T02:00:00Z`),
            message: '同意作废',
            createdBy: p.managerUserId,
          });
        }
        await invoice('issued', { invoiceNo: `3100${String(month)}${String(kp).padStart(4, '0')}`, invoiceDate, issuedBy: fin });
      }
      if (collected > 0) {
        const parts = stage === 'partPaid' ? [collected] : [Math.round(collected * 0.6), collected - Math.round(collected * 0.6)];
        for (const [i, amount] of parts.entries()) {
          await db.insert(finBillCollections).values({
            billId,
            amount,
            collectedOn: dayOf(addMonths(month, 2 + i), 10 + i * 5),
            bankSerial: `HK${month}${String(++hk).padStart(6, '0')}`,
            payerName: buyer.buyerName,
            payerAccount: `3100${String(10000000 + (p.clientOrgId ?? 0) * 13).slice(0, 8)}`,
            createdBy: fin,
          });
        }
      }
      if (writtenOff > 0) {
        await db.insert(finCancellationBills).values({
          cancellationNo: `HX${addMonths(month, 3)}01${String(billId).padStart(4, '0')}`,
          billId,
          amount: writtenOff,
          reason: '回款已到账，核销应收',
          state: 'passed',
          createdBy: fin,
        });
      }
    }
  }
  for (const [key, last] of seq) {
    const [org, year] = key.split(':').map(Number) as [number, number];
    await db.insert(finBillSequences).values({ settleOrgId: org, year, last });
  }
  // Bills waiting in approval go through the engine, so finance has real tasks (numbers continue the sequence).
  for (const id of toSubmit) {
    const [b] = await db.select().from(finBills).where(eq(finBills.id, id));
    if (!b) continue;
    const year = Math.floor(b.month / 100);
    const n = (seq.get(`${b.settleOrgId}:${year}`) ?? 0) + 1;
    seq.set(`${b.settleOrgId}:${year}`, n);
    await db
      .update(finBills)
      .set({ billNo: `JS${codeOf.get(b.settleOrgId) ?? 'X'}${year}${String(n).padStart(5, '0')}` })
      .where(eq(finBills.id, id));
    await db
      .update(finBillSequences)
      .set({ last: n })
      .where(and(eq(finBillSequences.settleOrgId, b.settleOrgId), eq(finBillSequences.year, year)));
    await db.insert(finBillSequences).values({ settleOrgId: b.settleOrgId, year, last: n }).onConflictDoNothing();
    await billDocument.submit(db, { id, userId: b.managerUserId ?? fin, title: `结算单：${b.month}`, vars: { deptId: b.deptId, billId: id } });
  }
}

export const billingSeed: ModuleSeed = {
  name: 'finance-billing',
  menus: billingMenus,
  reference: seedBillingReference,
  seed: seedBills,
};
