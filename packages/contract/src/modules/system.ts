import { z } from 'zod';
import { defineCall } from '../define';

export const systemCalls = {
  health: defineCall({
    method: 'GET',
    path: '/healthz',
    requestKind: 'query',
    request: z.object({}),
    data: z.object({ status: z.literal('ok') }),
    permission: 'public',
    summary: 'The process is alive',
    fromSpec: false,
  }),
  ready: defineCall({
    method: 'GET',
    path: '/readyz',
    requestKind: 'query',
    request: z.object({}),
    data: z.object({ status: z.literal('ready'), migrations: z.number().int() }),
    permission: 'public',
    summary: 'The database answers and every migration is applied (HTTP 503 otherwise)',
    fromSpec: false,
  }),
} as const;
