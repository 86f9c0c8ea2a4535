import { z } from 'zod';
import { defineCall } from '../define';

/** Most branches one lookup answers: the select shows a short list and the user types more. */
export const OPEN_BANK_MAX_RESULTS = 50;

/** A bank branch (开户行) with its CNAPS code (联行号, 12 digits). */
export const ZOpenBank = z.object({
  id: z.number().int(),
  /** BANK dictionary code of the bank (ICBC, CCB…). */
  bankCode: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  cnapsCode: z.string(),
  province: z.string(),
  city: z.string(),
});
export type OpenBank = z.output<typeof ZOpenBank>;

export const ZOpenBankRequest = z.object({
  /** Part of the branch or bank name, or the start of the CNAPS code. */
  keyword: z.string().trim().max(64, '关键字不能超过64个字符').optional(),
  /** Old clients send the typed text as openBankName. */
  openBankName: z.string().trim().max(64, '开户行名称不能超过64个字符').optional(),
  bankCode: z.string().trim().max(16).optional(),
  city: z.string().trim().max(32).optional(),
  limit: z.coerce.number().int().min(1).max(OPEN_BANK_MAX_RESULTS, `最多返回${OPEN_BANK_MAX_RESULTS}条`).default(20),
});

export const financeCalls = {
  getOpenBank: defineCall({
    method: 'POST',
    path: '/finance_api/finance/openBank/getOpenBank',
    requestKind: 'json',
    request: ZOpenBankRequest,
    data: z.array(ZOpenBank),
    permission: 'login',
    summary: 'Bank branches by keyword (branch or bank name, CNAPS code prefix), optionally of one bank or city; at most 50',
    fromSpec: true,
  }),
} as const;
