import { describe, expect, it } from 'vitest';
import { periodMonths } from './report.service';

describe('report period', () => {
  it('runs month by month across a year end; each month ends on its last day', () => {
    expect(periodMonths('2024-11', '2025-02', '2026-01-10')).toEqual([
      { key: '2024-11', start: '2024-11-01', end: '2024-11-30' },
      { key: '2024-12', start: '2024-12-01', end: '2024-12-31' },
      { key: '2025-01', start: '2025-01-01', end: '2025-01-31' },
      { key: '2025-02', start: '2025-02-01', end: '2025-02-28' },
    ]);
  });

  it('ends the running month today, and knows leap years', () => {
    expect(periodMonths('2024-02', '2024-02', '2030-01-01')[0]?.end).toBe('2024-02-29');
    expect(periodMonths('2026-10', '2026-11', '2026-11-26').map((m) => m.end)).toEqual(['2026-10-31', '2026-11-26']);
  });
});
