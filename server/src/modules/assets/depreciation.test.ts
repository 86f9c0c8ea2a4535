import { describe, expect, it } from 'vitest';
import { accumulatedAt, addMonths, chargedMonths, chargeIn, depreciationAt, schedule } from './depreciation';

const laptop = { kind: '001', purchaseDate: '2025-03-18', purchaseValue: 899_900, usefulLifeMonths: 36, residualRateBp: 500 };

describe('straight-line depreciation', () => {
  it('starts the month after purchase and stops at the residual', () => {
    expect(chargedMonths(laptop)).toEqual({ from: 202504, to: 202803 });
    expect(accumulatedAt(laptop, 202503)).toBe(0);
    // residual 5 % of 8,999.00 = 449.95; depreciable 8,549.05 over 36 months = 237.47 a month
    expect(chargeIn(laptop, 202504)).toBe(23_747);
    expect(accumulatedAt(laptop, 202504)).toBe(23_747);
    expect(accumulatedAt(laptop, 202603)).toBe(23_747 * 12);
    expect(accumulatedAt(laptop, 202803)).toBe(899_900 - 44_995);
    expect(accumulatedAt(laptop, 203001)).toBe(899_900 - 44_995);
    expect(depreciationAt(laptop, 203001).netValue).toBe(44_995);
  });

  it('charges add up to cost minus residual exactly (the last month takes the remainder)', () => {
    let sum = 0;
    for (let m = 202501; m <= 202812; m = addMonths(m, 1)) sum += chargeIn(laptop, m);
    expect(sum).toBe(899_900 - 44_995);
    expect(chargeIn(laptop, 202803)).toBe(899_900 - 44_995 - 23_747 * 35);
  });

  it('expenses a low-value item in its purchase month', () => {
    const chair = { kind: '002', purchaseDate: '2026-01-05', purchaseValue: 68_000, usefulLifeMonths: 12, residualRateBp: 500 };
    expect(depreciationAt(chair, 202512)).toEqual({ monthlyDepreciation: 0, accumulatedDepreciation: 0, netValue: 68_000 });
    expect(depreciationAt(chair, 202601)).toEqual({ monthlyDepreciation: 0, accumulatedDepreciation: 68_000, netValue: 0 });
    expect(chargeIn(chair, 202601)).toBe(68_000);
  });

  it('lists the coming months and the last one', () => {
    const plan = schedule(laptop, 202611, 3);
    expect(plan.map((p) => p.month)).toEqual([202611, 202612, 202701, 202803]);
    expect(plan.at(-1)?.net).toBe(44_995);
  });
});
