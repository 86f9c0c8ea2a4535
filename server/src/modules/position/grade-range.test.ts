import { POSITION_MSG } from '@erp/contract';
import { describe, expect, it } from 'vitest';
import { gradeRangeIssue } from './grade-range';

const g = (level: number) => ({ id: level, level });

describe('gradeRangeIssue', () => {
  it('accepts a range inside the band, a single grade and an open band', () => {
    expect(gradeRangeIssue(g(2), g(5), { min: g(1), max: g(8) })).toBeNull();
    expect(gradeRangeIssue(g(3), g(3), { min: g(3), max: g(3) })).toBeNull();
    expect(gradeRangeIssue(g(1), g(13), null)).toBeNull();
    expect(gradeRangeIssue(g(1), g(13), { min: null, max: null })).toBeNull();
  });

  it('refuses a reversed range and one leaving the band at either end', () => {
    expect(gradeRangeIssue(g(5), g(2), null)).toBe(POSITION_MSG.gradeOrder);
    expect(gradeRangeIssue(g(1), g(5), { min: g(2), max: g(8) })).toBe(POSITION_MSG.gradeOutOfBand);
    expect(gradeRangeIssue(g(2), g(10), { min: g(1), max: g(8) })).toBe(POSITION_MSG.gradeOutOfBand);
  });
});
