import { ASSET_KIND } from '@erp/contract';

/**
 * Depreciation of one asset (docs/domain/assets-front.md):
 * - fixed assets: monthly straight line over `usefulLifeMonths`, to a residual of `residualRateBp`
 *   (basis points of the cost, rounded to the fen), starting the month after the purchase month (an
 *   asset added in a month is not depreciated that month); each month charges the depreciable amount
 *   divided by the life, rounded down to the fen, and the last month takes the remainder, so the
 *   charges add up to cost − residual exactly;
 * - low-value assets: expensed in full in the purchase month.
 * Months are yyyymm integers; all amounts integer fen.
 */
export interface DepreciationBasis {
  kind: string;
  purchaseDate: string;
  purchaseValue: number;
  usefulLifeMonths: number;
  residualRateBp: number;
}

const index = (yyyymm: number) => Math.floor(yyyymm / 100) * 12 + (yyyymm % 100) - 1;
const fromIndex = (i: number) => Math.floor(i / 12) * 100 + (i % 12) + 1;
export const monthOfDate = (isoDate: string) => Number(isoDate.slice(0, 4)) * 100 + Number(isoDate.slice(5, 7));
export const addMonths = (yyyymm: number, n: number) => fromIndex(index(yyyymm) + n);

export function residualOf(a: DepreciationBasis): number {
  return a.kind === ASSET_KIND.lowValue ? 0 : Math.round((a.purchaseValue * a.residualRateBp) / 10000);
}

export function monthlyCharge(a: DepreciationBasis): number {
  if (a.kind === ASSET_KIND.lowValue) return 0;
  return Math.floor((a.purchaseValue - residualOf(a)) / a.usefulLifeMonths);
}

/** First and last month charged (yyyymm). */
export function chargedMonths(a: DepreciationBasis): { from: number; to: number } {
  const purchased = monthOfDate(a.purchaseDate);
  if (a.kind === ASSET_KIND.lowValue) return { from: purchased, to: purchased };
  return { from: addMonths(purchased, 1), to: addMonths(purchased, a.usefulLifeMonths) };
}

/** The charge of one month. */
export function chargeIn(a: DepreciationBasis, month: number): number {
  const { from, to } = chargedMonths(a);
  if (month < from || month > to) return 0;
  if (a.kind === ASSET_KIND.lowValue) return a.purchaseValue;
  const monthly = monthlyCharge(a);
  return month === to ? a.purchaseValue - residualOf(a) - monthly * (a.usefulLifeMonths - 1) : monthly;
}

/** Accumulated depreciation at the end of `month`. */
export function accumulatedAt(a: DepreciationBasis, month: number): number {
  const { from, to } = chargedMonths(a);
  if (month < from) return 0;
  if (a.kind === ASSET_KIND.lowValue) return a.purchaseValue;
  if (month >= to) return a.purchaseValue - residualOf(a);
  return monthlyCharge(a) * (index(month) - index(from) + 1);
}

export function depreciationAt(a: DepreciationBasis, month: number) {
  const accumulated = accumulatedAt(a, month);
  return { monthlyDepreciation: monthlyCharge(a), accumulatedDepreciation: accumulated, netValue: a.purchaseValue - accumulated };
}

/** The plan shown on an asset: the next `count` months from `month` and the last month charged. */
export function schedule(a: DepreciationBasis, month: number, count = 12) {
  const { from, to } = chargedMonths(a);
  const months = new Set<number>();
  for (let i = 0, m = Math.max(month, from); i < count && m <= to; i++, m = addMonths(m, 1)) months.add(m);
  months.add(to);
  return [...months]
    .sort((x, y) => x - y)
    .map((m) => {
      const accumulated = accumulatedAt(a, m);
      return { month: m, charge: chargeIn(a, m), accumulated, net: a.purchaseValue - accumulated };
    });
}
