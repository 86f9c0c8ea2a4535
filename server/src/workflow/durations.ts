/**
 * ISO 8601 durations of timer boundary events (`PT24H`, `P2D`, `P1DT12H`, `P1W`, `P1M`). Years and
 * months are calendar units (added to the date, not counted as days), the rest exact.
 */
export interface Duration {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const PATTERN = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;
/** Longer limits are almost certainly a typo (and would overflow nothing useful). */
const MAX_MS = 5 * 366 * 24 * 3600_000;

/** The duration, or undefined when the text is not a positive ISO 8601 duration of at most five years. */
export function parseDuration(text: string): Duration | undefined {
  const m = PATTERN.exec(text.trim().toUpperCase());
  if (!m || text.trim().endsWith('T')) return undefined;
  const n = (i: number) => Number(m[i] ?? 0);
  const d: Duration = { years: n(1), months: n(2), weeks: n(3), days: n(4), hours: n(5), minutes: n(6), seconds: n(7) };
  const from = new Date(Date.UTC(2000, 0, 1));
  const span = addDuration(from, d).getTime() - from.getTime();
  if (span <= 0 || span > MAX_MS) return undefined;
  return d;
}

/** The moment a duration after `from`. */
export function addDuration(from: Date, d: Duration): Date {
  const at = new Date(from.getTime());
  if (d.years || d.months) at.setUTCMonth(at.getUTCMonth() + d.years * 12 + d.months);
  const exact = ((((d.weeks * 7 + d.days) * 24 + d.hours) * 60 + d.minutes) * 60 + d.seconds) * 1000;
  return new Date(at.getTime() + exact);
}
