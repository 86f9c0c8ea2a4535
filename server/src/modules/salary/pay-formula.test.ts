import { describe, expect, it } from 'vitest';
import { type CityRates, computePay, cumulativeTax, divRound, EMPTY_YEAR, type PayInput, withholding, type YearToDate } from './pay-formula';

describe('cumulative withholding (累计预扣法)', () => {
  it('holds the State Taxation Administration example for all twelve months', () => {
    // 30,000 a month, 4,500 of contributions, 2,000 of special additional deductions (公告2018年第61号 解读).
    const expected = [555, 625, 1850, 1850, 1850, 1850, 1850, 2250, 3700, 3700, 3700, 3700].map((y) => y * 100);
    let ytd: YearToDate = EMPTY_YEAR;
    const taxes: number[] = [];
    for (let m = 0; m < 12; m++) {
      const r = withholding(ytd, { income: 30_000_00, contributions: 4_500_00, special: 2_000_00 });
      taxes.push(r.tax);
      ytd = r.cumulative;
      expect(r.taxable).toBe(18_500_00 * (m + 1));
    }
    expect(taxes).toEqual(expected);
    expect(ytd.tax).toBe(27_480_00);
    // The year as a whole: 222,000 at 20 % less 16,920.
    expect(cumulativeTax(222_000_00).tax).toBe(27_480_00);
  });

  it('uses every bracket with its quick deduction and never refunds', () => {
    expect(cumulativeTax(36_000_00)).toEqual({ tax: 1_080_00, rate: 3, quick: 0 });
    expect(cumulativeTax(36_000_01).rate).toBe(10);
    expect(cumulativeTax(144_000_00).tax).toBe(11_880_00);
    expect(cumulativeTax(300_000_00).tax).toBe(43_080_00);
    expect(cumulativeTax(420_000_00).tax).toBe(73_080_00);
    expect(cumulativeTax(660_000_00).tax).toBe(145_080_00);
    expect(cumulativeTax(960_000_00).tax).toBe(250_080_00);
    expect(cumulativeTax(1_000_000_00).tax).toBe(268_080_00);
    expect(cumulativeTax(-5)).toEqual({ tax: 0, rate: 0, quick: 0 });
    // A low month after a high one: no negative tax.
    const high = withholding(EMPTY_YEAR, { income: 50_000_00, contributions: 0, special: 0 });
    const low = withholding(high.cumulative, { income: 1_000_00, contributions: 0, special: 0 });
    expect(low.tax).toBe(0);
  });

  it('rounds half up in integer arithmetic', () => {
    expect(divRound(5, 2)).toBe(3);
    expect(divRound(4, 3)).toBe(1);
    expect(divRound(-5, 2)).toBe(-3);
  });
});

const SHANGHAI_2026: CityRates = {
  pensionBp: 800,
  medicalBp: 200,
  medicalFixed: 0,
  unemploymentBp: 50,
  housingBp: 700,
  employerPensionBp: 1600,
  employerMedicalBp: 1000,
  employerUnemploymentBp: 50,
  employerInjuryBp: 20,
  employerMaternityBp: 0,
  employerHousingBp: 700,
  siBaseMin: 7_460_00,
  siBaseMax: 37_302_00,
  hfBaseMin: 2_690_00,
  hfBaseMax: 37_302_00,
};

describe('a payslip', () => {
  const input: PayInput = {
    monthlySalary: 17_400_00,
    allowance: 800_00,
    otherIncome: 0,
    otherDeductions: 500_00,
    otWorkdayMinutes: 600,
    otRestdayMinutes: 480,
    otHolidayMinutes: 480,
    unpaidMinutes: 480,
    sickMinutes: 480,
    socialBase: null,
    rates: SHANGHAI_2026,
    special: 1_000_00,
    ytd: EMPTY_YEAR,
  };

  it('computes gross, contributions, tax and net, each line traceable', () => {
    const r = computePay(input);
    // Hourly wage 17,400 / 174 = 100 yuan.
    const ot = 100_00 * (1.5 * 10 + 2 * 8 + 3 * 8); // 5,500
    const leave = 100_00 * 8 + 100_00 * 8 * 0.2; // 960
    expect(r.lines.find((l) => l.code === 'overtime')?.amount).toBe(ot);
    expect(r.lines.find((l) => l.code === 'leave')?.amount).toBe(-leave);
    expect(r.gross).toBe(17_400_00 + 800_00 + ot - leave);
    expect(r.socialInsurance).toBe(1_392_00 + 348_00 + 87_00);
    expect(r.housingFund).toBe(1_218_00);
    const taxable = r.gross - r.socialInsurance - r.housingFund - 5_000_00 - 1_000_00;
    expect(r.tax).toBe(Math.round(taxable * 0.03));
    expect(r.net).toBe(r.gross - r.socialInsurance - r.housingFund - r.tax - 500_00);
    expect(r.lines.find((l) => l.code === 'net')).toMatchObject({ amount: r.net });
    expect(r.lines.find((l) => l.code === 'tax')?.formula).toContain('累计应纳税所得额');
  });

  it('clamps the contribution base to the city limits and caps leave at the salary', () => {
    const low = computePay({
      ...input,
      socialBase: 3_000_00,
      unpaidMinutes: 20_000,
      sickMinutes: 0,
      otWorkdayMinutes: 0,
      otRestdayMinutes: 0,
      otHolidayMinutes: 0,
    });
    expect(low.lines.find((l) => l.code === 'pension')?.amount).toBe(-divRound(7_460_00 * 800, 10_000));
    expect(low.lines.find((l) => l.code === 'housingFund')?.amount).toBe(-divRound(3_000_00 * 700, 10_000));
    expect(low.lines.find((l) => l.code === 'leave')?.amount).toBe(-17_400_00);
    const high = computePay({ ...input, socialBase: 90_000_00 });
    expect(high.lines.find((l) => l.code === 'pension')?.amount).toBe(-divRound(37_302_00 * 800, 10_000));
  });
});

describe('the employer’s part (单位缴纳)', () => {
  const input: PayInput = {
    monthlySalary: 17_400_00,
    allowance: 800_00,
    otherIncome: 0,
    otherDeductions: 500_00,
    otWorkdayMinutes: 600,
    otRestdayMinutes: 0,
    otHolidayMinutes: 0,
    unpaidMinutes: 0,
    sickMinutes: 0,
    socialBase: null,
    rates: SHANGHAI_2026,
    special: 0,
    ytd: EMPTY_YEAR,
  };
  const amount = (r: ReturnType<typeof computePay>, code: string) => r.lines.find((l) => l.code === code)?.amount;

  it('is computed on the employee’s base, item by item, and traced after net', () => {
    const r = computePay(input);
    // Base 17,400 (between Shanghai's limits): 16 %, 10 %, 0.5 %, 0.2 %; no maternity line at 0 %.
    expect(amount(r, 'employerPension')).toBe(2_784_00);
    expect(amount(r, 'employerMedical')).toBe(1_740_00);
    expect(amount(r, 'employerUnemployment')).toBe(87_00);
    expect(amount(r, 'employerInjury')).toBe(34_80);
    expect(amount(r, 'employerMaternity')).toBeUndefined();
    expect(r.employerSocialInsurance).toBe(2_784_00 + 1_740_00 + 87_00 + 34_80);
    expect(amount(r, 'employerHousingFund')).toBe(1_218_00);
    expect(r.employerHousingFund).toBe(1_218_00);
    expect(amount(r, 'employer')).toBe(r.employerSocialInsurance + r.employerHousingFund);
    const codes = r.lines.map((l) => l.code);
    expect(codes.indexOf('employerPension')).toBeGreaterThan(codes.indexOf('net'));
    expect(r.lines.find((l) => l.code === 'employerPension')?.formula).toContain('缴费基数 17400.00 × 16%');
  });

  it('never changes gross, tax or net', () => {
    const without: CityRates = {
      ...SHANGHAI_2026,
      employerPensionBp: 0,
      employerMedicalBp: 0,
      employerUnemploymentBp: 0,
      employerInjuryBp: 0,
      employerMaternityBp: 0,
      employerHousingBp: 0,
    };
    const a = computePay(input);
    const b = computePay({ ...input, rates: without });
    expect([a.gross, a.socialInsurance, a.housingFund, a.tax, a.net]).toEqual([b.gross, b.socialInsurance, b.housingFund, b.tax, b.net]);
    expect(b.employerSocialInsurance + b.employerHousingFund).toBe(0);
    expect(a.employerSocialInsurance).toBeGreaterThan(0);
  });

  it('clamps the bases like the employee’s and rounds each item to the fen', () => {
    const low = computePay({ ...input, socialBase: 3_000_00 });
    expect(amount(low, 'employerPension')).toBe(divRound(7_460_00 * 1600, 10_000));
    expect(amount(low, 'employerHousingFund')).toBe(divRound(3_000_00 * 700, 10_000));
    const high = computePay({ ...input, socialBase: 90_000_00 });
    expect(amount(high, 'employerPension')).toBe(divRound(37_302_00 * 1600, 10_000));
    // 7,777.77: 1,244.4432 + 777.777 + 38.88885 + 15.55554 — rounded per item 2,076.67, not 2,076.66.
    const odd = computePay({ ...input, socialBase: 7_777_77 });
    expect(odd.employerSocialInsurance).toBe(1_244_44 + 777_78 + 38_89 + 15_56);
    expect(odd.employerSocialInsurance).not.toBe(divRound(7_777_77 * 2670, 10_000));
  });

  it('takes the housing fund from the fund city and nothing where a city has no rates', () => {
    const fund: CityRates = { ...SHANGHAI_2026, housingBp: 1200, employerHousingBp: 1200, hfBaseMin: 2_540_00, hfBaseMax: 35_811_00 };
    const r = computePay({ ...input, fundRates: fund, fundBase: 20_000_00, fundCity: '北京' });
    expect(r.employerHousingFund).toBe(2_400_00);
    expect(r.housingFund).toBe(2_400_00);
    const none = computePay({ ...input, rates: null, fundRates: null, socialCity: '拉萨' });
    expect(none.employerSocialInsurance + none.employerHousingFund).toBe(0);
    expect(none.lines.find((l) => l.code === 'employer')?.formula).toContain('未设置拉萨');
  });
});

describe('twelve payslips of one employee in Shanghai', () => {
  // 25,000 a month, contributions 2,000 + 500 + 125 + 1,750 (7 % housing fund) = 4,375, special
  // deductions 2,000 (a child) + 3,000 (elderly parents); a bonus of 60,000 in June (10 % → 20 %
  // bracket by August), one day of personal leave in September.
  const month = (m: number): PayInput => ({
    monthlySalary: 25_000_00,
    allowance: 0,
    otherIncome: m === 6 ? 60_000_00 : 0,
    otherDeductions: 0,
    otWorkdayMinutes: 0,
    otRestdayMinutes: 0,
    otHolidayMinutes: 0,
    unpaidMinutes: m === 9 ? 480 : 0,
    sickMinutes: 0,
    socialBase: null,
    rates: SHANGHAI_2026,
    special: 5_000_00,
    ytd: EMPTY_YEAR,
  });

  it('withholds each month by the cumulative method, worked by hand', () => {
    // Cumulative taxable after each month (yuan) and the tax of each month (fen), worked out by hand:
    // 10,625 a month; June adds 60,000; September's leave costs 25,000 ÷ 174 × 8 = 1,149.43.
    const taxable = [10_625_00, 21_250_00, 31_875_00, 42_500_00, 53_125_00, 123_750_00, 134_375_00, 145_000_00, 154_475_57, 165_100_57, 175_725_57, 186_350_57];
    const taxes = [318_75, 318_75, 318_75, 773_75, 1_062_50, 7_062_50, 1_062_50, 1_162_50, 1_895_11, 2_125_00, 2_125_00, 2_125_00];
    let ytd: YearToDate = EMPTY_YEAR;
    for (let m = 1; m <= 12; m++) {
      const r = computePay({ ...month(m), ytd });
      expect(r.socialInsurance + r.housingFund, `month ${m}`).toBe(4_375_00);
      expect(r.cumulativeTaxable, `month ${m}`).toBe(taxable[m - 1]);
      expect(r.tax, `month ${m}`).toBe(taxes[m - 1]);
      expect(r.net).toBe(r.gross - 4_375_00 - r.tax);
      if (m === 9) expect(r.lines.find((l) => l.code === 'leave')?.amount).toBe(-1_149_43);
      ytd = r.cumulative;
    }
    expect(ytd.months).toBe(12);
    expect(ytd.tax).toBe(taxes.reduce((a, b) => a + b, 0));
    // The year settles exactly: 186,350.57 at 20 % less 16,920 = 20,350.11.
    expect(ytd.tax).toBe(cumulativeTax(186_350_57).tax);
    expect(ytd.tax).toBe(20_350_11);
  });

  it('withholds nothing for a city without rates and says so', () => {
    const r = computePay({ ...month(1), rates: null, fundRates: null, socialCity: '拉萨' });
    expect(r.socialInsurance + r.housingFund).toBe(0);
    expect(r.lines.find((l) => l.code === 'pension')?.formula).toContain('未设置拉萨');
  });
});
