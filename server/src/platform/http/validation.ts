import { nulCharacterPath } from '@erp/contract';
import { z } from 'zod';
import { badRequest } from '../errors';

const zhErrors = z.locales.zhCN().localeError;
const enErrors = z.locales.en().localeError;

export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

/** Parses a request with its contract schema; a failure names each field and the rule it broke. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown, lang: 'zh' | 'en'): z.output<S> {
  const nul = nulCharacterPath(input);
  if (nul !== null) {
    const message = lang === 'en' ? 'must not contain a NUL character' : '不能包含空字符（NUL）';
    throw badRequest(lang === 'en' ? `Invalid request: ${nul}: ${message}` : `参数校验失败：${nul}: ${message}`, {
      errors: [{ field: nul, rule: 'nul_character', message }],
    });
  }
  const result = schema.safeParse(input, { error: lang === 'en' ? enErrors : zhErrors });
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.slice(0, 20).map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    rule: issue.code,
    message: issue.message,
  }));
  const summary = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
  throw badRequest(lang === 'en' ? `Invalid request: ${summary}` : `参数校验失败：${summary}`, { errors });
}
