import { SESSION_EXPIRED_CODE } from '@erp/contract';

/**
 * The one error type of the server. Services throw it; the central error handler turns it
 * into the `{code, message, data}` envelope with the matching HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = String(status),
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, data: unknown = null) => new AppError(400, message, '400', data);
/**
 * A refusal about one field of the request, with `data.errors` worded as request validation words
 * its failures (`{field, rule, message}`), so a form shows it under that field.
 */
export const refusedAt = (status: 400 | 409, field: string, message: string, rule = 'refused') =>
  new AppError(status, message, String(status), { errors: [{ field, rule, message }] });
export const unauthorized = (message = '请先登录') => new AppError(401, message, '401');
export const sessionExpired = () => new AppError(401, '您好！您的登录信息已过期，请您重新登录。', SESSION_EXPIRED_CODE);
export const forbidden = (message = '没有权限执行此操作') => new AppError(403, message, '403');
export const notFound = (message = '记录不存在或已被删除') => new AppError(404, message, '404');
export const conflict = (message: string, data: unknown = null) => new AppError(409, message, '409', data);
export const tooMany = (message: string) => new AppError(429, message, '429');
export const unavailable = (message = '系统开小差了，请稍后重试') => new AppError(503, message, '503');

/** Messages of node-postgres, pg-pool and PGlite for a connection that is gone or cannot be had. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connect ECONNREFUSED|PGlite is closed|timeout exceeded when trying to connect|Cannot use a pool after calling end|is not queryable|terminating connection/i;

/** Connection-level failures of PostgreSQL or PGlite: answered with 503 instead of 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: string; message?: string; cause?: unknown };
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03', '53300', '08006', '08001', '08003'];
  if (e.code && codes.includes(e.code)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  return e.cause ? isDatabaseUnavailable(e.cause) : false;
}
