import { type DayType, HOLIDAY_KIND, type Holiday } from '@erp/contract';
import { and, gte, lte } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import { finHolidays } from './hours.schema';

/**
 * The working calendar: a day is what its weekday says (Mon–Fri working, Sat–Sun rest) unless the
 * holiday table says otherwise (statutory holiday, rest day of a holiday block, adjusted working day).
 */

export type HolidayMap = Map<string, { kind: string; name: string }>;

/** `YYYY-MM-DD` of a UTC date. */
export const isoOf = (d: Date) => d.toISOString().slice(0, 10);

/** Every day of a yyyymm month as `YYYY-MM-DD`. */
export function daysOfMonth(month: number): string[] {
  const y = Math.floor(month / 100);
  const m = month % 100;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: last }, (_, i) => `${y}-${String(m).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`);
}

export const monthOfDay = (day: string) => Number(day.slice(0, 4)) * 100 + Number(day.slice(5, 7));

/** W working day · R rest day · H statutory holiday. */
export function dayType(day: string, holidays: HolidayMap): DayType {
  const h = holidays.get(day);
  if (h?.kind === HOLIDAY_KIND.statutory) return 'H';
  if (h?.kind === HOLIDAY_KIND.rest) return 'R';
  if (h?.kind === HOLIDAY_KIND.workday) return 'W';
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6 ? 'R' : 'W';
}

export async function holidaysBetween(db: Db, from: string, to: string): Promise<HolidayMap> {
  const rows = await db
    .select({ day: finHolidays.day, kind: finHolidays.kind, name: finHolidays.name })
    .from(finHolidays)
    .where(and(gte(finHolidays.day, from), lte(finHolidays.day, to)));
  return new Map(rows.map((r) => [r.day, { kind: r.kind, name: r.name }]));
}

export async function holidaysOfMonth(db: Db, month: number): Promise<HolidayMap> {
  const days = daysOfMonth(month);
  return holidaysBetween(db, days[0] as string, days[days.length - 1] as string);
}

type Block = { name: string; statutory: string[]; rest: string[]; workdays: string[] };
const range = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); isoOf(d) <= to; d = new Date(d.getTime() + 86_400_000)) out.push(isoOf(d));
  return out;
};
/** A holiday block: its statutory days (3×), the rest of the block (2×) and the weekend days worked instead. */
const block = (name: string, from: string, to: string, statutory: string[], workdays: string[] = []): Block => ({
  name,
  statutory,
  rest: range(from, to).filter((d) => !statutory.includes(d)),
  workdays,
});

/**
 * The State Council's notices for 2025 (国办发明电〔2024〕12号) and 2026, with the statutory days of
 * 全国年节及纪念日放假办法 (13 days since 2025: New Year 1, Spring Festival 4 from New Year's Eve,
 * Qingming 1, Labour Day 2, Dragon Boat 1, Mid-Autumn 1, National Day 3).
 */
export const CHINESE_HOLIDAYS: Record<number, Block[]> = {
  2025: [
    block('元旦', '2025-01-01', '2025-01-01', ['2025-01-01']),
    block('春节', '2025-01-28', '2025-02-04', ['2025-01-28', '2025-01-29', '2025-01-30', '2025-01-31'], ['2025-01-26', '2025-02-08']),
    block('清明节', '2025-04-04', '2025-04-06', ['2025-04-04']),
    block('劳动节', '2025-05-01', '2025-05-05', ['2025-05-01', '2025-05-02'], ['2025-04-27']),
    block('端午节', '2025-05-31', '2025-06-02', ['2025-05-31']),
    block('国庆节、中秋节', '2025-10-01', '2025-10-08', ['2025-10-01', '2025-10-02', '2025-10-03', '2025-10-06'], ['2025-09-28', '2025-10-11']),
  ],
  2026: [
    block('元旦', '2026-01-01', '2026-01-03', ['2026-01-01'], ['2026-01-04']),
    block('春节', '2026-02-15', '2026-02-23', ['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19'], ['2026-02-14', '2026-02-28']),
    block('清明节', '2026-04-04', '2026-04-06', ['2026-04-05']),
    block('劳动节', '2026-05-01', '2026-05-05', ['2026-05-01', '2026-05-02'], ['2026-05-09']),
    block('端午节', '2026-06-19', '2026-06-21', ['2026-06-19']),
    block('中秋节', '2026-09-25', '2026-09-27', ['2026-09-25']),
    block('国庆节', '2026-10-01', '2026-10-07', ['2026-10-01', '2026-10-02', '2026-10-03'], ['2026-09-20', '2026-10-10']),
  ],
};

/** The rows of a year's notice for `fin_holidays`. */
export function holidayRows(year: number): Holiday[] {
  return (CHINESE_HOLIDAYS[year] ?? []).flatMap((b) => [
    ...b.statutory.map((day) => ({ day, year, kind: HOLIDAY_KIND.statutory, name: b.name })),
    ...b.rest.map((day) => ({ day, year, kind: HOLIDAY_KIND.rest, name: b.name })),
    ...b.workdays.map((day) => ({ day, year, kind: HOLIDAY_KIND.workday, name: `${b.name}调休上班` })),
  ]);
}

/**
 * Splits each day's minutes into normal time and the three overtime kinds. `otherMinutes` are the
 * minutes the person already reported that day on other sheets: only the excess over 8 h of the
 * day as a whole is workday overtime.
 */
export function splitMinutes(
  days: Array<{ workDate: string; minutes: number; dayType: DayType }>,
  otherMinutes: Map<string, number> = new Map(),
  normalDay = 480,
): { total: number; normal: number; otWorkday: number; otRestday: number; otHoliday: number } {
  const out = { total: 0, normal: 0, otWorkday: 0, otRestday: 0, otHoliday: 0 };
  for (const d of days) {
    out.total += d.minutes;
    if (d.dayType === 'H') out.otHoliday += d.minutes;
    else if (d.dayType === 'R') out.otRestday += d.minutes;
    else {
      const before = otherMinutes.get(d.workDate) ?? 0;
      const normal = Math.max(0, Math.min(d.minutes, normalDay - before));
      out.normal += normal;
      out.otWorkday += d.minutes - normal;
    }
  }
  return out;
}
