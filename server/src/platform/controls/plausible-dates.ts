import type { BusinessCalendar } from '../business-time';
import { badRequest, refusedAt } from '../errors';

/*
 * Dates an auditor can believe (docs/domain/controls.md): a fact that happened — an invoice issued,
 * money collected, a claim paid — is not dated after today in the company's calendar; a planned
 * date stays within a few years of today. Checked on the server whatever the form allowed.
 */

/**
 * Refuses a happened-on day after today, or more than `yearsBack` years before this one (a typo's
 * 1926 for 2026 ages a receivable by a century). YYYY-MM-DD, compared as text.
 */
export function refuseImplausibleFact(calendar: BusinessCalendar, day: string, label: string, field: string, yearsBack = 10): void {
  if (day > calendar.day()) throw refusedAt(400, field, `${label}不能晚于今天`, 'future');
  const earliest = calendar.year() - yearsBack;
  if (Number(day.slice(0, 4)) < earliest) throw refusedAt(400, field, `${label}不能早于${earliest}年`, 'too_early');
}

/** Refuses a planned day more than `yearsBack` before or `yearsAhead` after this year. */
export function refuseImplausibleYear(calendar: BusinessCalendar, day: string, label: string, yearsBack = 10, yearsAhead = 5): void {
  const year = Number(day.slice(0, 4));
  const now = calendar.year();
  if (!(year >= now - yearsBack && year <= now + yearsAhead)) throw badRequest(`${label}须在${now - yearsBack}年至${now + yearsAhead}年之间`);
}
