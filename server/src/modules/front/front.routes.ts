import { adviceCalls, certificateCalls, workOrderCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { addAdvice, advicePage, closeAdvice, replyAdvice } from './advice';
import { addProve, proveCommands, proveDetail, provePage, verifyProve } from './certificate';
import { addWorkOrder, assignWorkOrder, closeWorkOrder, resolveWorkOrder, startWorkOrder, workOrderInfo, workOrderPage } from './work-order';

/** Front-office applications of the workbench: certificates, suggestions and work orders (docs/domain/assets-front.md). */
export const frontModule: ServerModule = {
  name: 'front',
  routes(platform) {
    const db = platform.db;
    const advice = implement(adviceCalls, {
      advicePage: (input, ctx) => advicePage(db, ctx.user, input),
      adviceAdd: async (input, ctx) => {
        const saved = await addAdvice(db, ctx.user, input);
        // An anonymous suggestion's id is not tied to its author in the audit log either.
        ctx.audit(input.anonymous ? { recordId: 'anonymous', after: { anonymous: true } } : { recordId: String(saved.id), after: input });
        return saved;
      },
      adviceReply: async (input, ctx) => {
        const row = await replyAdvice(db, ctx.user, input);
        ctx.audit({ recordId: String(input.id), after: input });
        return row;
      },
      adviceClose: async (input, ctx) => {
        const row = await closeAdvice(db, ctx.user, input.id);
        ctx.audit({ recordId: String(input.id) });
        return row;
      },
    });
    const orders = implement(workOrderCalls, {
      workOrderPage: (input, ctx) => workOrderPage(db, ctx.user, input),
      workOrderAdd: (input, ctx) => addWorkOrder(db, ctx.user, input),
      workOrderInfo: (input, ctx) => workOrderInfo(db, ctx.user, { id: input.id }),
      getWorkOrderByProIns: (input, ctx) => workOrderInfo(db, ctx.user, { processInstanceId: input.processInstanceId }),
      workOrderAssign: (input, ctx) => assignWorkOrder(db, ctx.user, input),
      workOrderStart: (input, ctx) => startWorkOrder(db, ctx.user, input.id),
      workOrderResolve: (input, ctx) => resolveWorkOrder(db, ctx.user, input),
      workOrderClose: (input, ctx) => closeWorkOrder(db, ctx.user, input),
    });
    return [
      ...advice,
      ...orders,
      ...implement(certificateCalls, {
        provePage: (input, ctx) => provePage(db, ctx.user, input),
        proveAdd: async (input, ctx) => {
          const saved = await addProve(db, ctx.user, input);
          ctx.audit({ recordId: String(saved.id), after: saved });
          return saved;
        },
        proveInfo: (input, ctx) => proveDetail(db, ctx.user, { id: input.id }),
        getProveByProIns: (input, ctx) => proveDetail(db, ctx.user, { processInstanceId: input.processInstanceId }),
        provePass: async (input, ctx) => {
          await proveCommands.pass(db, ctx.user, input);
          return null;
        },
        proveReject: async (input, ctx) => {
          await proveCommands.reject(db, ctx.user, input);
          return null;
        },
        proveVerify: (input) => verifyProve(db, input.code),
      }),
    ];
  },
};
