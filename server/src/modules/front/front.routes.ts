import { adviceCalls, CERT_MSG, cardCalls, certificateCalls, filePreviewCalls, workOrderCalls } from '@erp/contract';
import { badRequest } from '../../platform/errors';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { attachment } from '../../platform/resource/xlsx-export';
import type { FileService } from '../file/file.service';
import { addAdvice, advicePage, closeAdvice, replyAdvice } from './advice';
import { addCard, cardCommands, cardDefaults, cardDetail, cardPage } from './card';
import { addProve, proveCommands, proveDetail, provePage, verifyProve } from './certificate';
import { certificatePdf } from './certificate-pdf';
import { previewFile } from './file-preview';
// What handlers hold, for the leaver handover (registers at load).
import './work-order.holdings';
import {
  addWorkOrder,
  assignWorkOrder,
  autoCloseWorkOrders,
  canReadWorkOrderFile,
  closeWorkOrder,
  resolveWorkOrder,
  startWorkOrder,
  workOrderInfo,
  workOrderPage,
} from './work-order';

/** Front-office applications of the workbench: certificates, suggestions and work orders (docs/domain/assets-front.md). */
const WORK_ORDER_SWEEP_MS = 60 * 60_000;

export const frontModule: ServerModule = {
  name: 'front',
  setup(app, platform) {
    // Resolved orders left unrated close after seven days; hourly is precise enough for a day count.
    const sweep = () => autoCloseWorkOrders(platform.db).catch((err) => platform.log.warn({ err: String(err) }, 'work order auto-close failed'));
    const timer = setInterval(sweep, WORK_ORDER_SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    (platform.services.get('files') as FileService | undefined)?.registerReader('workOrder', (user, file) =>
      canReadWorkOrderFile(platform.db, user, file.groupId),
    );
  },
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
    const preview = implement(filePreviewCalls, {
      previewContent: (input, ctx) => previewFile(platform.services.get('files') as FileService, ctx.user, input.id),
    });
    const cards = implement(cardCalls, {
      cardDefaults: (_input, ctx) => cardDefaults(db, ctx.user),
      cardPage: (input, ctx) => cardPage(db, ctx.user, input),
      cardAdd: async (input, ctx) => {
        const saved = await addCard(db, ctx.user, input);
        ctx.audit({ recordId: String(saved.id), after: saved });
        return saved;
      },
      cardInfo: (input, ctx) => cardDetail(db, ctx.user, { id: input.id }),
      getCardByProIns: (input, ctx) => cardDetail(db, ctx.user, { processInstanceId: input.processInstanceId }),
      cardPass: async (input, ctx) => {
        await cardCommands.pass(db, ctx.user, input);
        return null;
      },
      cardReject: async (input, ctx) => {
        await cardCommands.reject(db, ctx.user, input);
        return null;
      },
    });
    return [
      ...advice,
      ...orders,
      ...preview,
      ...cards,
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
        provePdf: async (input, ctx) => {
          const detail = await proveDetail(db, ctx.user, { id: input.id });
          if (!detail.content) throw badRequest(CERT_MSG.notIssued);
          const verifyUrl = `${ctx.req.protocol}://${ctx.req.host}/#/certificateVerify?code=${encodeURIComponent(detail.content.verifyCode)}`;
          return ctx.reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', attachment(`${detail.certType === '002' ? '收入证明' : '在职证明'}-${detail.documentNo}.pdf`))
            .send(await certificatePdf(detail, verifyUrl));
        },
        proveVerify: (input) => verifyProve(db, input.code),
      }),
    ];
  },
};
