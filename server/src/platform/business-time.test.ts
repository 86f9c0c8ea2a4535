import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from './business-time';

describe('business calendar (default Asia/Shanghai, UTC+8)', () => {
  const cal = new BusinessCalendar();

  it('turns the day at 16:00 UTC, not at 00:00 UTC', () => {
    expect(cal.day(new Date('2026-11-22T15:59:59.999Z'))).toBe('2026-11-22');
    expect(cal.day(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
    expect(cal.day(new Date('2026-11-23T00:30:00Z'))).toBe('2026-11-23');
  });

  it('turns months and years at local midnight', () => {
    expect(cal.month(new Date('2026-10-31T15:59:59Z'))).toBe('2026-10');
    expect(cal.month(new Date('2026-10-31T16:00:00Z'))).toBe('2026-11');
    expect(cal.year(new Date('2026-12-31T15:59:59Z'))).toBe(2026);
    expect(cal.year(new Date('2026-12-31T16:00:00Z'))).toBe(2027);
  });

  it('gives the business day as a UTC midnight date for calendar arithmetic', () => {
    expect(cal.dayAsUtcDate(new Date('2026-02-28T17:00:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('follows another configured zone, daylight saving included', () => {
    const ny = new BusinessCalendar('America/New_York');
    // EDT (UTC-4) in July, EST (UTC-5) in January.
    expect(ny.day(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(ny.day(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
    expect(ny.day(new Date('2026-01-01T04:59:00Z'))).toBe('2025-12-31');
    expect(ny.day(new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
  });
});
