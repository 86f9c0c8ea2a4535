import { describe, expect, it } from 'vitest';
import { compensationMonths, compensationTotal } from './compensation';

describe('economic compensation N', () => {
  it('gives a month per full year, a month for six months or more, half a month below', () => {
    expect(compensationMonths('2020-03-01', '2026-03-01')).toEqual({ serviceMonths: 72, tenths: 60 });
    expect(compensationMonths('2020-03-01', '2026-03-15')).toEqual({ serviceMonths: 72, tenths: 65 });
    expect(compensationMonths('2020-03-10', '2026-09-09')).toEqual({ serviceMonths: 77, tenths: 65 });
    expect(compensationMonths('2020-03-10', '2026-09-10')).toEqual({ serviceMonths: 78, tenths: 70 });
    expect(compensationMonths('2026-01-01', '2026-03-01')).toEqual({ serviceMonths: 2, tenths: 5 });
    expect(compensationMonths('2026-01-01', '2026-01-01')).toEqual({ serviceMonths: 0, tenths: 0 });
    expect(compensationMonths('2026-01-01', '2026-01-20')).toEqual({ serviceMonths: 0, tenths: 5 });
  });
  it('adds notice pay and extra to base × N in fen', () => {
    expect(compensationTotal(1_234_567, 35, false, 0)).toBe(4_320_985);
    expect(compensationTotal(1_000_000, 35, true, 50_000)).toBe(4_550_000);
  });
});
