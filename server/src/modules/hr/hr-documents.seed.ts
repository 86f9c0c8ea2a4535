import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { employees, outbox, users, wfDelegations, wfTasks } from '../../db/schema';
import { isoDay, seededRandom } from '../../db/seed/names';
import type { ModuleSeed } from '../../db/seed/types';
import type { Db } from '../../platform/db';
import type { BusinessDocument } from '../../platform/document/business-document';
import * as engine from '../../workflow/engine';
import { compensationDocument, compensationMonths, compensationTotal } from './compensation';
import { contractArchiveDocument, contractSealDocument } from './contract-seal';
import { compensations, contractArchives, contractSeals, performanceEvaluations, tripleAgreementLogs, tripleAgreements } from './hr-documents.schema';
import { gradeOf, performanceDocument, weightedTenths } from './performance';
import { tripleDocument } from './triple-agreement';

type Emp = typeof employees.$inferSelect;

/** The holder of the open task of an instance (assignee, or the first candidate of a group task). */
async function holder(db: Db, instanceId: number) {
  const [t] = await db
    .select()
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending'), inArray(wfTasks.kind, ['approve', 'resubmit'])))
    .limit(1);
  return t ? { taskId: t.id, userId: t.assigneeUserId ?? (t.candidateUserIds[0] as number), nodeId: t.nodeId, kind: t.kind } : null;
}

/** Moves a submitted document along: passes `passes` steps, then ends it as asked. */
async function drive(
  db: Db,
  instanceId: number,
  passes: number,
  end: 'open' | 'reject' | 'return' = 'open',
  onStep?: (nodeId: string, userId: number) => Promise<void>,
) {
  for (let i = 0; i < passes; i++) {
    const h = await holder(db, instanceId);
    if (h?.kind !== 'approve') return;
    await onStep?.(h.nodeId, h.userId);
    await engine.pass(db, { taskId: h.taskId, userId: h.userId, message: '同意' });
  }
  const h = await holder(db, instanceId);
  if (!h) return;
  if (end === 'reject') await engine.reject(db, { taskId: h.taskId, userId: h.userId, message: '材料不全，请重新准备' });
  if (end === 'return') await engine.rollback(db, { taskId: h.taskId, userId: h.userId, sort: 0, message: '请补充附件' });
}

async function submit<T extends Parameters<typeof tripleDocument.submit>[1]>(doc: BusinessDocument<never>, db: Db, input: T) {
  return (await doc.submit(db, input)).instanceId;
}

const monthsAgo = (day: Date, n: number) => isoDay(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - n, 1))).slice(0, 7);

/**
 * Demo documents of issue 14 (agreements part), run through the real engine so their flows, to-dos
 * and numbers are what users would have made: triple agreements of the interns in every state,
 * compensations, monthly and yearly evaluations of the last months across departments, and one proxy
 * setting. Notices of this history are dropped (nobody should get 100 old to-do messages).
 */
export const hrDocumentsSeed: ModuleSeed = {
  name: 'hrDocuments',
  async seed(ctx) {
    const db = ctx.db;
    const [mark] = await db.select({ id: sql<number>`coalesce(max(${outbox.id}), 0)::int` }).from(outbox);
    const rand = seededRandom(1414);
    const hr = ctx.userIds.get('hr01') ?? (await db.select({ id: users.id }).from(users).where(eq(users.userCode, 'hr01')))[0]?.id;
    if (!hr) return;
    const staff = await db
      .select({ e: employees, code: users.userCode })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(ne(employees.employState, '005'))
      .orderBy(employees.id);
    const byCode = new Map(staff.map((s) => [s.code, s.e]));

    // 三方协议: the interns after the first two (kept free for the tests), in every state.
    const interns = staff.filter((s) => s.e.personCategory === '004').slice(2, 12);
    const schools = ['北京理工大学', '华中科技大学', '浙江大学', '四川大学', '南京大学', '武汉大学', '中山大学', '同济大学'];
    const endings: Array<['passed' | 'open' | 'return' | 'reject' | 'draft', number]> = [
      ['passed', 2],
      ['passed', 2],
      ['passed', 2],
      ['open', 0],
      ['open', 1],
      ['return', 1],
      ['draft', 0],
      ['reject', 0],
      ['passed', 2],
      ['open', 0],
    ];
    for (const [i, { e }] of interns.entries()) {
      const [ending, passes] = endings[i % endings.length] as [string, number];
      const [row] = await db
        .insert(tripleAgreements)
        .values({
          employeeId: e.id,
          userId: e.userId as number,
          orgId: e.orgId,
          agreementType: i % 3 === 2 ? '002' : '001',
          agreementNo: `${String(2026000 + i * 37)}-${schools[i % schools.length]?.slice(0, 2)}`,
          school: schools[i % schools.length] as string,
          major: ['计算机科学与技术', '人力资源管理', '会计学', '软件工程'][i % 4] as string,
          education: i % 4 === 0 ? '002' : '003',
          graduationDate: `${ctx.businessDay.getUTCFullYear() + (i % 2)}-07-01`,
          signDate: isoDay(new Date(ctx.businessDay.getTime() - (20 + i * 9) * 86_400_000)),
          breachFeeCents: [300000, 500000, 0, 200000][i % 4] as number,
          createdBy: hr,
          updatedBy: hr,
        })
        .returning();
      if (!row || ending === 'draft') continue;
      const instanceId = await submit(tripleDocument as unknown as BusinessDocument<never>, db, {
        id: row.id,
        userId: hr,
        title: `${e.name} 三方协议`,
        vars: { employeeId: e.id, orgId: e.orgId },
      });
      await drive(db, instanceId, passes, ending === 'reject' ? 'reject' : ending === 'return' ? 'return' : 'open');
      if (ending === 'passed' && i % 2 === 0) {
        await db
          .update(tripleAgreements)
          .set({ registerState: '004', archiveLocation: `档案室 A-${i + 1}` })
          .where(eq(tripleAgreements.id, row.id));
        await db.insert(tripleAgreementLogs).values([
          { agreementId: row.id, registerState: '002', note: '收到学校寄来的原件', createdBy: hr },
          { agreementId: row.id, registerState: '004', note: '已归档', createdBy: hr },
        ]);
      }
    }

    // 补偿优化: a few colleagues (not the demo accounts), passed, in approval, rejected.
    const generic = staff.filter((s) => /^user\d+$/.test(s.code) && s.e.entryDate);
    const leavers = generic.filter((_, i) => i % 9 === 4).slice(0, 6);
    for (const [i, { e }] of leavers.entries()) {
      const leaveDate = isoDay(new Date(ctx.businessDay.getTime() + (i - 2) * 7 * 86_400_000));
      if ((e.entryDate as string) > leaveDate) continue;
      const { tenths } = compensationMonths(e.entryDate as string, leaveDate);
      const base = e.salaryCents ?? 1_200_000;
      const notice = i % 2 === 0;
      const [row] = await db
        .insert(compensations)
        .values({
          employeeId: e.id,
          userId: e.userId as number,
          orgId: e.orgId,
          reason: ['001', '002', '003', '004'][i % 4] as string,
          leaveDate,
          entryDate: e.entryDate as string,
          monthsTenths: tenths,
          monthlyBaseCents: base,
          noticePay: notice ? '001' : '002',
          extraCents: i === 1 ? 500_000 : 0,
          totalCents: compensationTotal(base, tenths, notice, i === 1 ? 500_000 : 0),
          remark: i === 1 ? '含年终奖折算' : null,
          createdBy: hr,
          updatedBy: hr,
        })
        .returning();
      if (!row) continue;
      const instanceId = await submit(compensationDocument as unknown as BusinessDocument<never>, db, {
        id: row.id,
        userId: hr,
        title: `${e.name} 补偿优化`,
        vars: { employeeId: e.id, orgId: e.orgId, totalCents: row.totalCents },
      });
      await drive(db, instanceId, [3, 3, 1, 0, 3, 2][i] as number, i === 3 ? 'reject' : 'open');
    }

    // 合同用印 and 合同归档: renewed contracts of a few colleagues; the older ones sealed and filed.
    const signers = generic.filter((_, i) => i % 7 === 3).slice(0, 8);
    const sealEndings: Array<[number, 'open' | 'reject' | 'return']> = [
      [2, 'open'],
      [2, 'open'],
      [2, 'open'],
      [2, 'open'],
      [2, 'open'],
      [1, 'open'],
      [0, 'return'],
      [0, 'reject'],
    ];
    for (const [i, { e }] of signers.entries()) {
      const start = isoDay(new Date(ctx.businessDay.getTime() - (60 - i * 5) * 86_400_000));
      const end = isoDay(new Date(Date.parse(start) + 3 * 365 * 86_400_000));
      const contract = {
        employeeId: e.id,
        userId: e.userId as number,
        orgId: e.orgId,
        contractType: '001',
        contractStart: start,
        contractEnd: end,
        createdBy: hr,
        updatedBy: hr,
      };
      const [seal] = await db
        .insert(contractSeals)
        .values({
          ...contract,
          copies: 2,
          sealType: i % 3 === 0 ? '001' : '002',
          purpose: '劳动合同续签盖章',
          remark: i === 0 ? '一式两份，员工与公司各执一份' : null,
        })
        .returning();
      if (!seal) continue;
      const [passes, ending] = sealEndings[i] as [number, 'open' | 'reject' | 'return'];
      const sealInstance = await submit(contractSealDocument as unknown as BusinessDocument<never>, db, {
        id: seal.id,
        userId: hr,
        title: `${e.name} 合同用印`,
        vars: { employeeId: e.id, orgId: e.orgId },
      });
      await drive(db, sealInstance, passes, ending);
      if (i > 3 || passes < 2) continue;
      const [archive] = await db
        .insert(contractArchives)
        .values({ ...contract, copies: 1, sealId: seal.id, location: `档案室 B-${i + 1} 柜` })
        .returning();
      if (!archive) continue;
      const archiveInstance = await submit(contractArchiveDocument as unknown as BusinessDocument<never>, db, {
        id: archive.id,
        userId: hr,
        title: `${e.name} 合同归档`,
        vars: { employeeId: e.id, orgId: e.orgId },
      });
      await drive(db, archiveInstance, i < 3 ? 1 : 0);
    }

    // 绩效考核: the last three months and last year for a spread of people; the latest month still moving.
    const people = [
      ...generic.filter((_, i) => i % 3 === 0).slice(0, 14),
      ...['emp02', 'hrd01', 'rec01', 'fin01'].map((c) => ({ e: byCode.get(c) as Emp, code: c })),
    ].filter((p) => p.e);
    const periods: Array<['001' | '002', string]> = [
      ['001', monthsAgo(ctx.businessDay, 3)],
      ['001', monthsAgo(ctx.businessDay, 2)],
      ['001', monthsAgo(ctx.businessDay, 1)],
      ['002', String(ctx.businessDay.getUTCFullYear() - 1)],
    ];
    const itemNames = [
      ['工作业绩', 50, '完成季度目标'],
      ['工作能力', 30, '独立负责模块'],
      ['工作态度', 20, '按时参加例会'],
    ] as const;
    for (const [pi, [periodType, period]] of periods.entries()) {
      for (const [k, { e }] of people.entries()) {
        const self = itemNames.map(([name, weight, target]) => ({
          name,
          weight,
          target,
          selfScore: 70 + Math.floor(rand() * 30),
          judgeScore: null as number | null,
        }));
        const [row] = await db
          .insert(performanceEvaluations)
          .values({
            employeeId: e.id,
            userId: e.userId as number,
            orgId: e.orgId,
            periodType,
            period,
            items: self,
            selfSummary: ['按计划完成各项工作，客户满意度较高。', '本期重点推进了交付与培训。', '完成了招聘支持和流程优化。'][k % 3] as string,
            selfScoreTenths: weightedTenths(self.map((i) => ({ weight: i.weight, score: i.selfScore }))),
            createdBy: e.userId,
            updatedBy: e.userId,
          })
          .returning();
        if (!row) continue;
        const label = periodType === '001' ? `${period} 月度绩效` : `${period} 年度绩效`;
        const instanceId = await submit(performanceDocument as unknown as BusinessDocument<never>, db, {
          id: row.id,
          userId: e.userId as number,
          title: `${e.name} ${label}`,
          vars: { employeeId: e.id, orgId: e.orgId },
        });
        // The latest month: some wait for the judge, some for HR; everything older is done.
        const latest = pi === 2;
        const passes = latest ? k % 3 : 2;
        await drive(db, instanceId, passes, 'open', async (nodeId, judgeUserId) => {
          if (!nodeId.startsWith('judge')) return;
          const items = self.map((i) => ({ ...i, judgeScore: Math.max(55, Math.min(100, i.selfScore + Math.floor(rand() * 16) - 10)) }));
          const judged = weightedTenths(items.map((i) => ({ weight: i.weight, score: i.judgeScore as number })));
          await db
            .update(performanceEvaluations)
            .set({
              items,
              judgeScoreTenths: judged,
              grade: gradeOf(judged),
              judgeComment: ['表现稳定，继续保持', '有明显进步', '需加强主动沟通'][k % 3],
              judgeUserId,
            })
            .where(eq(performanceEvaluations.id, row.id));
        });
      }
    }

    // One proxy setting this week (user40 away, user41 approves for them).
    const [u40, u41] = await db
      .select({ id: users.id, code: users.userCode })
      .from(users)
      .where(inArray(users.userCode, ['user40', 'user41']))
      .orderBy(users.userCode);
    if (u40 && u41) {
      const day = isoDay(ctx.businessDay);
      await db.insert(wfDelegations).values({
        userId: u40.id,
        deputyUserId: u41.id,
        startDate: day,
        endDate: isoDay(new Date(ctx.businessDay.getTime() + 4 * 86_400_000)),
        reason: '外出培训',
        createdBy: u40.id,
        updatedBy: u40.id,
      });
    }
    // History does not notify anyone.
    await db.delete(outbox).where(and(eq(outbox.topic, 'notify'), gt(outbox.id, Number(mark?.id ?? 0))));
  },
};
