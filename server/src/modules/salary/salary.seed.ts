import { LOAN_PROCESS } from '@erp/contract';
import { eq, sql } from 'drizzle-orm';
import { wfDefinitions } from '../../db/schema';
import { seededRandom } from '../../db/seed/names';
import type { ModuleSeed, SeedContext } from '../../db/seed/types';
import { queryRows } from '../../platform/db';
import { deploy } from '../../workflow/engine';
import { LOAN_PROCESS_XML, loanDocument } from './loan';
import { addMonths, closeMonth, computeMonth } from './payroll';
import { salaryMenus } from './salary.menus';
import { payAccessions, payCityRates, payLoans, paySpecialDeductions } from './salary.schema';

/**
 * Rates and base limits of the demo cities (yuan a month), close to the figures the cities published
 * for 2025. Employee: pension 8 %, medical 2 %, unemployment 0.5 % everywhere (Beijing adds 3 yuan
 * for serious illness). Employer: pension 16 %, medical (with maternity where the city merged the
 * two) and maternity as below, unemployment 0.5 %, work injury at the low class of office work, the
 * housing fund at the employee's rate. 2026 raises the bases by 3 %. Demo figures: check the local
 * notice before use.
 */
const CITIES: Array<
  [
    city: string,
    siMin: number,
    siMax: number,
    hfMin: number,
    hfMax: number,
    housingPct: number,
    medicalFixed: number,
    employerMedicalBp: number,
    employerMaternityBp: number,
    employerInjuryBp: number,
  ]
> = [
  ['上海', 7_460, 37_302, 2_690, 37_302, 7, 0, 1000, 0, 20],
  ['北京', 7_162, 35_811, 2_540, 35_811, 12, 3, 900, 80, 40],
  ['深圳', 4_492, 27_501, 2_520, 44_265, 5, 0, 800, 50, 20],
  ['广州', 5_284, 26_421, 2_300, 41_190, 5, 0, 850, 85, 20],
  ['杭州', 4_812, 24_930, 2_490, 39_530, 12, 0, 950, 0, 20],
  ['成都', 4_246, 21_228, 2_100, 28_896, 6, 0, 800, 60, 30],
  ['武汉', 4_338, 21_690, 2_210, 31_500, 8, 0, 800, 70, 30],
  ['南京', 4_494, 24_042, 2_490, 36_300, 8, 0, 900, 80, 30],
  ['西安', 4_279, 21_393, 2_160, 28_800, 5, 0, 800, 50, 30],
];

export function cityRateRows(userId: number | null): Array<typeof payCityRates.$inferInsert> {
  return [2025, 2026].flatMap((year) =>
    CITIES.map(([city, siMin, siMax, hfMin, hfMax, housingPct, medicalFixed, employerMedicalBp, employerMaternityBp, employerInjuryBp]) => {
      const f = year === 2026 ? 1.03 : 1;
      return {
        city,
        year,
        pensionBp: 800,
        medicalBp: 200,
        medicalFixed: medicalFixed * 100,
        unemploymentBp: 50,
        housingBp: housingPct * 100,
        employerPensionBp: 1600,
        employerMedicalBp,
        employerUnemploymentBp: 50,
        employerInjuryBp,
        employerMaternityBp,
        employerHousingBp: housingPct * 100,
        siBaseMin: Math.round(siMin * f) * 100,
        siBaseMax: Math.round(siMax * f) * 100,
        hfBaseMin: Math.round(hfMin * f) * 100,
        hfBaseMax: Math.round(hfMax * f) * 100,
        createdBy: userId,
      };
    }),
  );
}

/**
 * Rates, special deductions for a third of the people, bonuses and canteen deductions uploaded for
 * some, and six payroll months before this one: the first five closed (employees see those
 * payslips), the last computed and open for finance to check and close.
 */
async function seedPayroll(ctx: SeedContext): Promise<void> {
  const db = ctx.db;
  const fin = ctx.userIds.get('fin01') ?? null;
  const rand = seededRandom(20261818);
  await db.insert(payCityRates).values(cityRateRows(fin));
  const thisMonth = ctx.businessDay.getUTCFullYear() * 100 + ctx.businessDay.getUTCMonth() + 1;
  const months = Array.from({ length: 6 }, (_, i) => addMonths(thisMonth, i - 6));
  const people = await queryRows<{ id: number; code: string }>(db, sql`SELECT id, user_code AS code FROM users WHERE user_code <> 'admin' ORDER BY id`);
  const specials: Array<typeof paySpecialDeductions.$inferInsert> = [];
  for (const [i, p] of people.entries()) {
    const from = Math.floor((months[0] as number) / 100) * 100 + 1;
    if (p.code === 'emp01') specials.push({ userId: p.id, kind: '004', monthlyAmount: 1_500_00, fromMonth: from, createdBy: fin });
    else if (i % 3 === 0) specials.push({ userId: p.id, kind: '001', monthlyAmount: 2_000_00 * (1 + (i % 2)), fromMonth: from, createdBy: fin });
    if (i % 4 === 1) specials.push({ userId: p.id, kind: '005', monthlyAmount: i % 8 === 1 ? 3_000_00 : 1_500_00, fromMonth: from, createdBy: fin });
    if (i % 7 === 2) specials.push({ userId: p.id, kind: '003', monthlyAmount: 1_000_00, fromMonth: from, createdBy: fin });
  }
  if (specials.length) await db.insert(paySpecialDeductions).values(specials);
  const uploads: Array<typeof payAccessions.$inferInsert> = [];
  for (const month of months)
    for (const p of people) {
      const r = rand();
      if (r < 0.12) uploads.push({ month, userId: p.id, otherIncome: (5 + Math.floor(rand() * 25)) * 100_00, remark: '项目奖金', createdBy: fin });
      else if (r < 0.2) uploads.push({ month, userId: p.id, otherDeduction: (1 + Math.floor(rand() * 4)) * 50_00, remark: '饭卡充值', createdBy: fin });
    }
  if (uploads.length) await db.insert(payAccessions).values(uploads);
  // Two advances being repaid (the payslips show the installments) and one waiting for finance.
  const advances: Array<[code: string, amount: number, installments: number, from: number, reason: string]> = [
    ['user03', 6_000_00, 6, months[1] as number, '家中装修'],
    ['user05', 3_000_00, 3, months[3] as number, '子女学费'],
  ];
  for (const [i, [code, amount, installments, from, reason]] of advances.entries()) {
    const userId = ctx.userIds.get(code);
    if (!userId) continue;
    await db.insert(payLoans).values({
      loanNo: `JK${from}0100${i + 1}`,
      userId,
      amount,
      installments,
      monthlyRepayment: Math.floor(amount / installments),
      firstMonth: from,
      reason,
      state: 'passed',
      createdBy: userId,
    });
  }
  for (const month of months) {
    // HR's payroll specialist computes, finance reviews and closes: two people (four-eyes, platform/controls/four-eyes.ts).
    await computeMonth(db, month, { currentMonth: thisMonth, userId: ctx.userIds.get('hr01') ?? fin });
    if (month !== months.at(-1)) await closeMonth(db, month, fin ?? 1);
  }
  // The closed months wrote their people cost to the project actuals; the project seed's synthetic
  // people cost (OUT01–OUT04) would count it twice. It goes wherever the payroll counts: every
  // project-month of the payroll months with approved hours (the open month's when finance closes
  // it). Project-months nobody booked hours on keep the synthetic figures.
  await db.execute(sql`DELETE FROM fin_project_actuals a USING fin_budget_subjects b
    WHERE b.id = a.subject_id AND b.code IN ('OUT01', 'OUT02', 'OUT03', 'OUT04') AND a.source = 'demo'
      AND a.month IN (${sql.join(
        months.map((m) => sql`${m}`),
        sql`, `,
      )})
      AND EXISTS (SELECT 1 FROM fin_man_hours m WHERE m.month = a.month AND m.project_id = a.project_id
        AND m.normal_minutes + m.ot_workday_minutes + m.ot_restday_minutes + m.ot_holiday_minutes > 0)`);
  const emp = ctx.userIds.get('emp01');
  if (emp) {
    const [loan] = await db
      .insert(payLoans)
      .values({
        userId: emp,
        amount: 2_000_00,
        installments: 2,
        monthlyRepayment: 1_000_00,
        firstMonth: addMonths(thisMonth, 1),
        reason: '租房押金',
        createdBy: emp,
      })
      .returning({ id: payLoans.id });
    if (loan) await loanDocument.submit(db, { id: loan.id, userId: emp, title: '借款申请：2000.00元（租房押金）', vars: { amount: 2_000_00 } });
  }
}

/** The salary-advance process: every database gets it. */
async function seedSalaryReference(ctx: SeedContext): Promise<void> {
  const [any] = await ctx.db.select({ id: wfDefinitions.id }).from(wfDefinitions).where(eq(wfDefinitions.key, LOAN_PROCESS)).limit(1);
  if (!any) await deploy(ctx.db, LOAN_PROCESS_XML, ctx.userIds.get('admin') ?? null);
}

export const salarySeed: ModuleSeed = {
  name: 'salary',
  menus: salaryMenus,
  reference: seedSalaryReference,
  seed: seedPayroll,
};
