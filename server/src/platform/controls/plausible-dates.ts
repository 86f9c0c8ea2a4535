import type { BusinessCalendar } from '../business-time';
import { badRequest } from '../errors';

/*
 * Dates an auditor can believe (docs/domain/controls.md): a fact that happened — an invoice issued,
 * money collected, a claim paid — is not dated after today in the company's calendar; a planned
 * date stays within a few years of today. Checked on the server whatever the form allowed.
 */

/** Refuses a happened-on day after today (YYYY-MM-DD, compared as text). */
export function refuseFuture(calendar: BusinessCalendar, day: string, label: string): void {
  if (day > calendar.day()) throw badRequest(`${label}不能晚于今天`);
}

/** Refuses a planned day more than `yearsBack` before or `yearsAhead` after this year. */
export function refuseImplausibleYear(calendar: BusinessCalendar, day: string, label: string, yearsBack = 10, yearsAhead = 5): void {
  const year = Number(day.slice(0, 4));
  const now = calendar.year();
  if (!(year >= now - yearsBack && year <= now + yearsAhead)) throw badRequest(`${label}须在${now - yearsBack}年至${now + yearsAhead}年之间`);
}
