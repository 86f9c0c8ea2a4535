import { handoverCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { Platform } from '../../platform/platform';
import { addDelegation, cancelDelegation, listDelegations } from './delegation';
import { confirmHandover, holdingsOf } from './handover';

/** Leaver handover and proxy approval. */
export function handoverRoutes(platform: Platform) {
  const db = platform.db;
  return implement(handoverCalls, {
    handoverHoldings: (input) => holdingsOf(db, input.userId),
    handoverConfirm: async (input, ctx) => {
      const result = await confirmHandover(db, ctx.user, input, { ip: ctx.req.ip ?? null, requestId: String(ctx.req.id ?? '') || null });
      ctx.audit({ recordId: String(input.userId), after: { assignments: input.assignments.map((a) => ({ ...a, itemIds: a.itemIds?.length })), result } });
      return result;
    },
    delegationList: (input, ctx) => listDelegations(db, ctx.user, input.userId),
    delegationAdd: async (input, ctx) => {
      const row = await addDelegation(db, ctx.user, input);
      ctx.audit({ recordId: String(row.id), after: row });
      return row;
    },
    delegationCancel: async (input, ctx) => {
      const r = await cancelDelegation(db, ctx.user, input.id);
      ctx.audit({ recordId: String(input.id), after: r });
      return r;
    },
  });
}
