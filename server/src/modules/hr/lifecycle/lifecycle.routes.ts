import { changeLogMeta, departureMeta, formalMeta, HR_PERM, lifecycleCalls, type OnboardingStage, onboardingMeta, quitMeta, transferMeta } from '@erp/contract';
import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../../../platform/auth/principal';
import { BusinessCalendar } from '../../../platform/business-time';
import { implement, type Route } from '../../../platform/http/context';
import { langOf } from '../../../platform/http/i18n';
import type { Platform } from '../../../platform/platform';
import { exportColumns } from '../../../platform/resource/labels';
import { sendXlsx } from '../../../platform/resource/xlsx-export';
import { confirmationById } from '../positive.repository';
import * as positive from '../positive.service';
import { applyDueChanges, setBusinessDay } from './documents';
import {
  changeLogResource,
  contractResource,
  departureResource,
  formalReceiveResource,
  formalResource,
  quitResource,
  renewalResource,
  transferResource,
} from './lifecycle.resources';
import * as lists from './lists.service';
import * as onboarding from './onboarding.service';
import { acceptHiresFromRecruitment } from './recruit-intake';
import * as requests from './requests.service';
import { importTransfers, onDutyModel, transferTemplate } from './transfer-import';

const OFFER: OnboardingStage[] = ['offer', 'invited'];
const ON_DUTY: OnboardingStage[] = ['filled', 'confirming'];
const INDUCTION: OnboardingStage[] = ['onboarded', 'gaveUpOffer', 'gaveUpInduction'];
const ALL: OnboardingStage[] = [...OFFER, ...ON_DUTY, ...INDUCTION];
const CLOCK_EVERY_MS = 10 * 60_000;

/** The lifecycle clock: dated transfers and departures take effect on their day (every process may run it). */
export function setupLifecycle(app: FastifyInstance, platform: Platform): void {
  acceptHiresFromRecruitment();
  const calendar = new BusinessCalendar(platform.config.BUSINESS_TIME_ZONE);
  setBusinessDay(() => calendar.day());
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const done = await applyDueChanges(platform.db);
      if (done.transfers || done.quits) platform.log.info(done, 'lifecycle changes applied');
    } catch (err) {
      platform.log.warn({ err: String(err) }, 'lifecycle clock failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, CLOCK_EVERY_MS);
  timer.unref();
  const first = setTimeout(tick, 5_000);
  first.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearTimeout(first);
    while (running) await new Promise((r) => setTimeout(r, 20));
  });
}

export function lifecycleRoutes(platform: Platform): Route[] {
  const db = platform.db;
  const xlsx = async (
    ctx: Parameters<Parameters<typeof implement>[1][string]>[1],
    filename: string,
    meta: Parameters<typeof exportColumns>[1],
    batches: AsyncGenerator<Record<string, unknown>[]>,
  ) => sendXlsx(ctx.reply, { filename, sheet: filename.replace(/\.xlsx$/, ''), columns: await exportColumns(platform, meta, langOf(ctx.req)), batches });

  return implement(lifecycleCalls, {
    // transfer and adjustment
    startTransferInstance: async (input, ctx) => {
      const started = await requests.startTransfer(db, ctx.user, input);
      ctx.audit({ recordId: started.id, after: started });
      return started;
    },
    getTransferInstanceInfo: (input, ctx) => requests.transferInfo(db, ctx.user, input),
    getAdjustmentInfo: (input, ctx) => requests.transferInfo(db, ctx.user, input),
    getTransferPage: (input, ctx) => requests.transferPage(db, ctx.user, input),
    getAdjustmentPage: (input, ctx) => requests.transferPage(db, ctx.user, { ...input, changeType: '004' }),
    getTransferExport: async (input, ctx) => {
      const sensitive = hasPermission(ctx.user, HR_PERM.sensitive);
      async function* masked() {
        for await (const b of transferResource.batches(db, input, ctx.user)) yield sensitive ? b : b.map((r) => ({ ...r, fromSalary: null, toSalary: null }));
      }
      return xlsx(ctx, '调动记录.xlsx', transferMeta, masked());
    },
    importReceiveList: (input, ctx) => importTransfers(platform, ctx.files.find((f) => f.fieldname === 'file') ?? ctx.files[0], input.confirm, ctx),
    downloadTemplate: (_input, ctx) => transferTemplate(platform, ctx.user, ctx.reply),

    // resignation and dismissal
    startQuitApplyInstance: async (input, ctx) => {
      const started = await requests.startQuitApply(db, ctx.user, input);
      ctx.audit({ recordId: started.id, after: started });
      return started;
    },
    startQuitInstance: async (input, ctx) => {
      const started = await requests.startQuit(db, ctx.user, input);
      ctx.audit({ recordId: started.id, after: started });
      return started;
    },
    quitCheck: (input, ctx) => requests.quitCheck(db, ctx.user, input),
    checkQuitScaler: (input, ctx) => requests.quitScaler(db, ctx.user, input.employeeId),
    addDismissFile: (input, ctx) => requests.addDismissFile(db, ctx.user, input),
    getQuitInstanceInfo: (input, ctx) => requests.quitInfo(db, ctx.user, input),
    getQuitApplyInfo: (input, ctx) => requests.quitInfo(db, ctx.user, input),
    getQuitInfo: (input, ctx) => requests.quitInfo(db, ctx.user, input),
    getQuitSelfInfo: (_input, ctx) => requests.quitSelf(db, ctx.user),
    getQuitPage: (input, ctx) => quitResource.page(db, input, ctx.user),
    exportQuitData: (input, ctx) => xlsx(ctx, '离职申请.xlsx', quitMeta, quitResource.batches(db, input, ctx.user)),
    getDeparturePage: (input, ctx) => departureResource.page(db, input, ctx.user),
    getDepartureInfo: (input, ctx) => lists.departureInfo(db, ctx.user, input.employeeId),
    getQuitExport: (input, ctx) => xlsx(ctx, '离职人员.xlsx', departureMeta, departureResource.batches(db, input, ctx.user)),

    // renewal
    getRenewalPage: (input, ctx) => lists.renewalDuePage(db, ctx.user, input),
    startRenewalInstance: async (input, ctx) => {
      const started = await requests.startRenewal(db, ctx.user, input);
      ctx.audit({ recordId: started.id, after: started });
      return started;
    },
    getRenewalInfo: (input, ctx) => requests.renewalInfo(db, ctx.user, input),
    contractSelectPage: (input, ctx) => renewalResource.page(db, input, ctx.user),
    contractSelectPage1: (input, ctx) => contractResource.page(db, input, ctx.user),

    // regularisation
    getFormalPage: (input, ctx) => formalResource.page(db, input, ctx.user),
    getFormalReceiveList: (input, ctx) => formalReceiveResource.page(db, input, ctx.user),
    sendFormalMail: (input, ctx) => lists.sendFormalMail(db, ctx.user, input.employeeIds),
    exportFormalData: (input, ctx) => xlsx(ctx, '转正管理.xlsx', formalMeta, formalResource.batches(db, input, ctx.user)),
    startRegularInstances: async (input, ctx) => {
      const started = await positive.start(db, ctx.user, input.list);
      ctx.audit({ recordId: started.map((s) => s.id).join(','), after: started });
      return started;
    },
    getBecomeRegularInfo: async (input, ctx) => {
      const d = await positive.detail(db, ctx.user, { businessId: input.id, instanceId: input.processInstanceId });
      return {
        id: d.record.id,
        documentNo: (await confirmationById(db, d.record.id))?.documentNo ?? null,
        employeeId: d.record.employeeId,
        state: d.record.status,
        flow: d.flow,
      };
    },

    // onboarding
    getOfferPage: (input, ctx) => onboarding.onboardingPage(db, ctx.user, input, OFFER),
    getOnDutyPage: (input, ctx) => onboarding.onboardingPage(db, ctx.user, input, ON_DUTY),
    getInductionPage: (input, ctx) => onboarding.onboardingPage(db, ctx.user, input, INDUCTION),
    exportOnDutyUser: (input, ctx) => xlsx(ctx, '待入职人员.xlsx', onboardingMeta, onboarding.onboardingBatches(db, ctx.user, input, ON_DUTY)),
    getInductionExport: (input, ctx) => xlsx(ctx, '入职记录.xlsx', onboardingMeta, onboarding.onboardingBatches(db, ctx.user, input, INDUCTION)),
    exportSignData: async (input, ctx) => {
      async function* signed() {
        for await (const b of onboarding.onboardingBatches(db, ctx.user, input, ALL)) yield b.filter((r) => r.signFileId !== null);
      }
      return xlsx(ctx, '入职签署记录.xlsx', onboardingMeta, signed());
    },
    addOnboarding: (input, ctx) => onboarding.addOnboarding(db, ctx.user, input),
    updateOnDuty: (input, ctx) => onboarding.updateOnDuty(db, ctx.user, input),
    getOnDutyInfo: (input, ctx) => onboarding.onDutyInfo(db, ctx.user, input),
    getAdmissionInfo: (input, ctx) => onboarding.onDutyInfo(db, ctx.user, input),
    createOuterChain: async (input, ctx) => {
      const link = await onboarding.createOuterChain(db, ctx.user, input.id);
      ctx.audit({ recordId: input.id, after: { expiresAt: link.expiresAt } });
      return link;
    },
    getOnDutyBase: (input) => onboarding.onDutyBase(db, input.token),
    saveOnDutyBase: async (input, ctx) => {
      ctx.audit({ after: { onDutyInfo: 'saved' } });
      return onboarding.saveOnDutyBase(db, input.token, input.info);
    },
    getOnDutyConfirmInfo: (input, ctx) => onboarding.onDutyConfirmInfo(db, ctx.user, input.id),
    saveOnDutyConfirmInfo: (input, ctx) => onboarding.saveOnDutyConfirmInfo(db, ctx.user, input),
    uploadSignFile: (input, ctx) => onboarding.uploadSignFile(db, ctx.user, input),
    confirmOnDuty: (input, ctx) => onboarding.confirmOnDuty(db, ctx.user, input.id),
    giveupOffer: (input, ctx) => onboarding.giveUp(db, ctx.user, input.id, input.reason, 'offer'),
    giveupInduction: (input, ctx) => onboarding.giveUp(db, ctx.user, input.id, input.reason, 'induction'),
    deleteOnboarding: (input, ctx) => onboarding.deleteOnboarding(db, ctx.user, input.id),
    downOnDutyModel: (_input, ctx) => onDutyModel(ctx.reply),

    // requests
    getIsCc: async (input, ctx) => ({ isCc: await requests.isCc(db, ctx.user, input.processInstanceId) }),
    againSubmit: async (input, ctx) => {
      await requests.againSubmit(db, ctx.user, input);
      return null;
    },
    revoke: async (input, ctx) => {
      await requests.revokeRequest(db, ctx.user, input);
      return null;
    },
    rollback: async (input, ctx) => {
      await requests.rollbackTask(db, ctx.user, input);
      return null;
    },
    dealAgency: async (input, ctx) => {
      await requests.dealAgency(db, ctx.user, input);
      return null;
    },
    reject: async (input, ctx) => {
      await requests.rejectTask(db, ctx.user, input);
      return null;
    },

    // change log and to-dos
    getEmployeePage: (input, ctx) => changeLogResource.page(db, input, ctx.user),
    exportEmpData: (input, ctx) => xlsx(ctx, '员工异动记录.xlsx', changeLogMeta, changeLogResource.batches(db, input, ctx.user)),
    getEmployeeByUser: async (_input, ctx) => (ctx.user.employeeId ? lists.changesOf(db, ctx.user, ctx.user.employeeId) : []),
    getChangeByUserCode: (input, ctx) => lists.changesByUserCode(db, ctx.user, input.userCode),
    getEmployeeByUserCode: (input, ctx) => lists.employeeByUserCode(db, ctx.user, input.userCode),
    saveEmployeeChangeInfo: (input, ctx) => lists.saveChange(db, ctx.user, input),
    saveHourWhite: (input, ctx) => lists.saveHourWhite(db, ctx.user, input),
    getHrmAgency: (_input, ctx) => lists.hrmAgency(db, ctx.user),
  });
}
