/**
 * The pay formula of docs/domain/hours-pay.md, as pure integer arithmetic in fen (no floats touch
 * money): gross from the post standard, overtime and leave; employee social insurance and housing
 * fund; individual income tax by the cumulative withholding method (累计预扣法); net. Every line of
 * the answer says how it was computed, so a payslip is traceable to its inputs. The employer's
 * social insurance and housing fund (单位缴纳) are computed on the same clamped bases and traced
 * after net: they are the company's cost on top of gross and never change what the employee gets.
 */

/** Half-up division of non-negative integers (exact: no float rounding). */
export function divRound(numerator: number, denominator: number): number {
  if (numerator < 0) return -divRound(-numerator, denominator);
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Paid hours of a month: 21.75 days × 8 h = 174 h = 10,440 minutes (劳社部发〔2008〕3号). */
export const PAID_MINUTES_PER_MONTH = 10_440;
/** The basic deduction (减除费用) per month: 5,000 yuan. */
export const MONTHLY_BASIC_DEDUCTION = 500_000;

/** The annual cumulative brackets: upper bound (fen, inclusive), rate (%), quick deduction (fen). */
export const TAX_BRACKETS: ReadonlyArray<readonly [number, number, number]> = [
  [36_000_00, 3, 0],
  [144_000_00, 10, 2_520_00],
  [300_000_00, 20, 16_920_00],
  [420_000_00, 25, 31_920_00],
  [660_000_00, 30, 52_920_00],
  [960_000_00, 35, 85_920_00],
  [Number.POSITIVE_INFINITY, 45, 181_920_00],
];

/** Tax due on a cumulative taxable income (fen). */
export function cumulativeTax(taxable: number): { tax: number; rate: number; quick: number } {
  if (taxable <= 0) return { tax: 0, rate: 0, quick: 0 };
  const [, rate, quick] = TAX_BRACKETS.find(([upTo]) => taxable <= upTo) as readonly [number, number, number];
  return { tax: Math.max(0, divRound(taxable * rate, 100) - quick), rate, quick };
}

/** What the year held before this month (the employee's earlier payslips of the tax year with us). */
export interface YearToDate {
  months: number;
  income: number;
  /** Social insurance and housing fund (专项扣除). */
  contributions: number;
  special: number;
  otherDeductions: number;
  tax: number;
}
export const EMPTY_YEAR: YearToDate = { months: 0, income: 0, contributions: 0, special: 0, otherDeductions: 0, tax: 0 };

/** One month of the cumulative withholding method. */
export function withholding(
  ytd: YearToDate,
  month: { income: number; contributions: number; special: number; otherDeductions?: number },
): { tax: number; cumulative: YearToDate; taxable: number; rate: number; quick: number } {
  const c: YearToDate = {
    months: ytd.months + 1,
    income: ytd.income + month.income,
    contributions: ytd.contributions + month.contributions,
    special: ytd.special + month.special,
    otherDeductions: ytd.otherDeductions + (month.otherDeductions ?? 0),
    tax: 0,
  };
  const taxable = Math.max(0, c.income - c.contributions - MONTHLY_BASIC_DEDUCTION * c.months - c.special - c.otherDeductions);
  const due = cumulativeTax(taxable);
  const tax = Math.max(0, due.tax - ytd.tax);
  c.tax = ytd.tax + tax;
  return { tax, cumulative: c, taxable, rate: due.rate, quick: due.quick };
}

export interface CityRates {
  pensionBp: number;
  medicalBp: number;
  medicalFixed: number;
  unemploymentBp: number;
  housingBp: number;
  /** The employer's rates (basis points), on the same bases; 0 where the city's row has none. */
  employerPensionBp: number;
  employerMedicalBp: number;
  employerUnemploymentBp: number;
  employerInjuryBp: number;
  employerMaternityBp: number;
  employerHousingBp: number;
  siBaseMin: number;
  siBaseMax: number;
  hfBaseMin: number;
  hfBaseMax: number;
}

export interface PayInput {
  /** S: the post standard's monthly salary (fen). */
  monthlySalary: number;
  allowance: number;
  otherIncome: number;
  /** Non-tax deductions from net (pay-accession deductions). */
  otherDeductions: number;
  /** This month's installments of salary advances, from net; the trace names the advances. */
  loanRepayment?: number;
  loanNote?: string;
  otWorkdayMinutes: number;
  otRestdayMinutes: number;
  otHolidayMinutes: number;
  /** 事假 plus working-day minutes neither worked nor on leave. */
  unpaidMinutes: number;
  sickMinutes: number;
  /** The employee's contribution base; the salary when none. */
  socialBase: number | null;
  /** The social-insurance city's rates; null when the city has none (nothing withheld, the line says why). */
  rates: CityRates | null;
  /** The housing-fund city's rates and the fund base, when they differ from the social-insurance ones. */
  fundRates?: CityRates | null;
  fundBase?: number | null;
  /** Names for the trace: where S comes from, and the cities. */
  salarySource?: string;
  socialCity?: string | null;
  fundCity?: string | null;
  /** This month's special additional deductions. */
  special: number;
  ytd: YearToDate;
}

export interface PayLine {
  code: string;
  label: string;
  amount: number;
  formula: string;
}

export interface PayResult {
  basePay: number;
  allowance: number;
  overtime: number;
  leave: number;
  otherIncome: number;
  special: number;
  gross: number;
  socialInsurance: number;
  housingFund: number;
  tax: number;
  net: number;
  /** The employer's part (单位缴纳): Σ of its rounded items; not part of gross or net. */
  employerSocialInsurance: number;
  employerHousingFund: number;
  cumulative: YearToDate;
  cumulativeTaxable: number;
  lines: PayLine[];
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);
const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);
const pct = (bp: number) => `${bp / 100}%`;

export function computePay(p: PayInput): PayResult {
  const S = p.monthlySalary;
  const lines: PayLine[] = [];
  const line = (code: string, label: string, amount: number, formula: string) => {
    lines.push({ code, label, amount, formula });
    return amount;
  };
  line('base', '岗位工资', S, `${p.salarySource ?? '岗位标准月工资'} ${yuan(S)}`);
  if (p.allowance) line('allowance', '津贴', p.allowance, `岗位标准固定津贴 ${yuan(p.allowance)}`);
  // Overtime weights 1.5/2/3 as 3/4/6 halves: OT = S × (3a + 4b + 6c) / (2 × 10,440).
  const weighted = 3 * p.otWorkdayMinutes + 4 * p.otRestdayMinutes + 6 * p.otHolidayMinutes;
  const ot = weighted ? divRound(S * weighted, 2 * PAID_MINUTES_PER_MONTH) : 0;
  if (ot)
    line(
      'overtime',
      '加班工资',
      ot,
      `${yuan(S)} ÷ 21.75 ÷ 8 × (1.5 × ${hours(p.otWorkdayMinutes)} + 2 × ${hours(p.otRestdayMinutes)} + 3 × ${hours(p.otHolidayMinutes)}) 小时`,
    );
  const unpaid = p.unpaidMinutes ? divRound(S * p.unpaidMinutes, PAID_MINUTES_PER_MONTH) : 0;
  const sick = p.sickMinutes ? divRound(S * p.sickMinutes, 5 * PAID_MINUTES_PER_MONTH) : 0;
  const leave = Math.min(S, unpaid + sick);
  if (leave) line('leave', '缺勤扣款', -leave, `${yuan(S)} ÷ 21.75 ÷ 8 × (${hours(p.unpaidMinutes)} 事假/缺勤小时 + 20% × ${hours(p.sickMinutes)} 病假小时)`);
  if (p.otherIncome) line('otherIncome', '其他收入', p.otherIncome, '工资核算导入');
  const gross = S + p.allowance + ot - leave + p.otherIncome;
  line('gross', '应发工资', gross, '岗位工资 + 津贴 + 加班工资 − 缺勤扣款 + 其他收入');

  const r = p.rates;
  let si = 0;
  let siBase = 0;
  if (r) {
    const base = clamp(p.socialBase ?? S, r.siBaseMin, r.siBaseMax);
    siBase = base;
    const pension = divRound(base * r.pensionBp, 10_000);
    const medical = divRound(base * r.medicalBp, 10_000) + r.medicalFixed;
    const unemployment = divRound(base * r.unemploymentBp, 10_000);
    const limits = `（${p.socialCity ?? ''}基数 ${yuan(p.socialBase ?? S)} 限于 ${yuan(r.siBaseMin)}–${yuan(r.siBaseMax)}）`;
    line('pension', '养老保险（个人）', -pension, `缴费基数 ${yuan(base)} × ${pct(r.pensionBp)}${limits}`);
    line('medical', '医疗保险（个人）', -medical, `缴费基数 ${yuan(base)} × ${pct(r.medicalBp)}${r.medicalFixed ? ` + ${yuan(r.medicalFixed)}` : ''}`);
    line('unemployment', '失业保险（个人）', -unemployment, `缴费基数 ${yuan(base)} × ${pct(r.unemploymentBp)}`);
    si = pension + medical + unemployment;
  } else line('pension', '社会保险（个人）', 0, `未设置${p.socialCity ?? '缴费城市'}本年度的社保费率，未扣缴`);
  const fr = p.fundRates === undefined ? r : p.fundRates;
  let hf = 0;
  let hfBase = 0;
  if (fr) {
    const fundBase = p.fundBase === undefined ? p.socialBase : p.fundBase;
    hfBase = clamp(fundBase ?? S, fr.hfBaseMin, fr.hfBaseMax);
    hf = divRound(hfBase * fr.housingBp, 10_000);
    line(
      'housingFund',
      '住房公积金（个人）',
      -hf,
      `缴存基数 ${yuan(hfBase)} × ${pct(fr.housingBp)}（${p.fundCity ?? p.socialCity ?? ''}基数限于 ${yuan(fr.hfBaseMin)}–${yuan(fr.hfBaseMax)}）`,
    );
  } else line('housingFund', '住房公积金（个人）', 0, `未设置${p.fundCity ?? '缴存城市'}本年度的公积金比例，未扣缴`);

  if (p.special) line('special', '专项附加扣除', 0, `本月 ${yuan(p.special)}（仅用于计算个税，不从工资中扣除）`);
  const w = withholding(p.ytd, { income: gross, contributions: si + hf, special: p.special });
  line(
    'tax',
    '个人所得税',
    -w.tax,
    `累计应纳税所得额 ${yuan(w.taxable)} = 累计收入 ${yuan(w.cumulative.income)} − 累计专项扣除 ${yuan(w.cumulative.contributions)} − 5000.00 × ${w.cumulative.months} − 累计专项附加扣除 ${yuan(w.cumulative.special)}；× ${w.rate}% − 速算扣除数 ${yuan(w.quick)} − 已预扣 ${yuan(p.ytd.tax)}`,
  );
  if (p.otherDeductions) line('otherDeductions', '其他扣款', -p.otherDeductions, '工资核算导入的扣款');
  const loan = p.loanRepayment ?? 0;
  if (loan) line('loan', '借款还款', -loan, p.loanNote ?? '借款分期还款');
  const net = gross - si - hf - w.tax - p.otherDeductions - loan;
  line('net', '实发工资', net, `应发工资 − 社保 − 公积金 − 个税 − 其他扣款${loan ? ' − 借款还款' : ''}`);

  // The employer's part, after net: same bases as the employee's, each item rounded to the fen.
  let erSi = 0;
  if (r) {
    const items: Array<[code: string, label: string, bp: number]> = [
      ['employerPension', '养老保险（单位）', r.employerPensionBp],
      ['employerMedical', '医疗保险（单位）', r.employerMedicalBp],
      ['employerUnemployment', '失业保险（单位）', r.employerUnemploymentBp],
      ['employerInjury', '工伤保险（单位）', r.employerInjuryBp],
      ['employerMaternity', '生育保险（单位）', r.employerMaternityBp],
    ];
    for (const [code, label, bp] of items) {
      if (!bp) continue;
      erSi += line(code, label, divRound(siBase * bp, 10_000), `缴费基数 ${yuan(siBase)} × ${pct(bp)}（单位缴纳，不从工资中扣除）`);
    }
  }
  const erHf = fr?.employerHousingBp ? divRound(hfBase * fr.employerHousingBp, 10_000) : 0;
  if (erHf)
    line('employerHousingFund', '住房公积金（单位）', erHf, `缴存基数 ${yuan(hfBase)} × ${pct(fr?.employerHousingBp ?? 0)}（单位缴纳，不从工资中扣除）`);
  line(
    'employer',
    '单位缴纳合计',
    erSi + erHf,
    r || fr
      ? `单位社保 ${yuan(erSi)} + 单位公积金 ${yuan(erHf)}（公司承担的用工成本，不影响实发工资）`
      : `未设置${p.socialCity ?? '缴费城市'}本年度的费率，单位未缴纳`,
  );
  return {
    basePay: S,
    allowance: p.allowance,
    overtime: ot,
    leave,
    otherIncome: p.otherIncome,
    special: p.special,
    gross,
    socialInsurance: si,
    housingFund: hf,
    tax: w.tax,
    net,
    employerSocialInsurance: erSi,
    employerHousingFund: erHf,
    cumulative: w.cumulative,
    cumulativeTaxable: w.taxable,
    lines,
  };
}
