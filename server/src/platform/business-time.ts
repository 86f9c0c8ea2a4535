/** The company's zone unless BUSINESS_TIME_ZONE says otherwise (China Standard Time, no daylight saving). */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/**
 * Reads instants as calendar dates in the company's time zone, whatever the server's own zone:
 * "today" of birthdays, anniversaries and blessings, the year of the time capsule and the months
 * of the message centre all come from here, so they agree with each other and with the people using them.
 */
export class BusinessCalendar {
  private readonly format: Intl.DateTimeFormat;

  constructor(readonly timeZone: string = DEFAULT_BUSINESS_TIME_ZONE) {
    this.format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  }

  /** YYYY-MM-DD of the instant in the business zone. */
  day(at: Date = new Date()): string {
    let y = '';
    let m = '';
    let d = '';
    for (const part of this.format.formatToParts(at)) {
      if (part.type === 'year') y = part.value.padStart(4, '0');
      else if (part.type === 'month') m = part.value;
      else if (part.type === 'day') d = part.value;
    }
    return `${y}-${m}-${d}`;
  }

  /** YYYY-MM of the instant in the business zone. */
  month(at: Date = new Date()): string {
    return this.day(at).slice(0, 7);
  }

  year(at: Date = new Date()): number {
    return Number(this.day(at).slice(0, 4));
  }

  /** The business day of the instant as a Date at 00:00 UTC, for code that reads calendar fields with getUTC* (the demo data). */
  dayAsUtcDate(at: Date = new Date()): Date {
    return new Date(`${this.day(at)}T00:00:00Z`);
  }
}
