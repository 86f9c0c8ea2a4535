import { describe, expect, it } from 'vitest';
import { pinyinInitials } from '../../platform/pinyin';
import { chineseName, sameDayInYear, seededRandom } from './names';

describe('demo data helpers', () => {
  it('keeps the month-day in another year, 29 February falling back to the 28th', () => {
    expect(sameDayInYear(new Date('2026-11-23T10:00:00Z'), 1996)).toBe('1996-11-23');
    expect(sameDayInYear(new Date('2028-02-29T00:00:00Z'), 2025)).toBe('2025-02-28');
  });
  it('generates the same names for the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect(chineseName(a)).toBe(chineseName(b));
  });
  it('makes pinyin initials for person search', () => {
    expect(pinyinInitials('张三')).toBe('zs');
    expect(pinyinInitials('马国强')).toBe('mgq');
  });
});
