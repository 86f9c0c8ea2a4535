import {
  type ApprovalDocumentCalls,
  contractArchiveDocumentCalls,
  contractSealDocumentCalls,
  type DocumentSaved,
  hrDocumentCalls,
  type PerformanceRecord,
} from '@erp/contract';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { implement } from '../../platform/http/context';
import { langOf } from '../../platform/http/i18n';
import type { Platform } from '../../platform/platform';
import { exportColumns } from '../../platform/resource/labels';
import { sendXlsx } from '../../platform/resource/xlsx-export';
import {
  addCompensation,
  compensationBatches,
  compensationCommands,
  compensationData,
  compensationDetail,
  compensationPage,
  compensationResource,
} from './compensation';
import {
  addContractArchive,
  addContractSeal,
  contractArchiveCommands,
  contractArchiveDetail,
  contractArchiveResource,
  contractFacts,
  contractSealCommands,
  contractSealDetail,
  contractSealResource,
} from './contract-seal';
import { addPerformance, judgeApproval, performanceBatches, performanceCommands, performanceDetail, performancePage, performanceResource } from './performance';
import { addTriple, registerLog, tripleCommands, tripleDetail, tripleResource, updateList, updateTriple, userCodeRepeat } from './triple-agreement';

const itemsText = (items: PerformanceRecord['items']) =>
  items.map((i) => `${i.name}（${i.weight}%）自评 ${i.selfScore} / 评分 ${i.judgeScore ?? '-'}`).join('；');

/** Triple agreements, compensation and performance: thin handlers over their document modules. */
export function hrDocumentRoutes(platform: Platform) {
  const db = platform.db;
  return implement(hrDocumentCalls, {
    // 三方协议
    tripleSelectPage: (input, ctx) => tripleResource.page(db, input, ctx.user),
    tripleDownloadList: async (input, ctx) => {
      const lang = langOf(ctx.req);
      return sendXlsx(ctx.reply, {
        filename: lang === 'en' ? 'triple-agreements.xlsx' : '三方协议.xlsx',
        sheet: lang === 'en' ? 'Triple agreements' : '三方协议',
        columns: await exportColumns(platform, tripleResource.spec.meta, lang),
        batches: tripleResource.batches(db, input, ctx.user),
      });
    },
    tripleUpdateList: async (input, ctx) => {
      const r = await updateList(db, ctx.user, input);
      ctx.audit({ recordId: input.ids.join(',').slice(0, 64), after: input });
      return r;
    },
    tripleRegisterLog: async (input, ctx) => {
      const logs = await registerLog(db, ctx.user, input);
      ctx.audit({ recordId: String(input.id), after: input });
      return logs;
    },
    tripleAdd: async (input, ctx) => {
      const saved = await addTriple(db, ctx.user, input);
      ctx.audit({ recordId: String(saved.id), after: saved });
      return saved;
    },
    tripleUpdate: async ({ id, ...form }, ctx) => {
      const saved = await updateTriple(db, ctx.user, id, { ...form, employeeId: form.employeeId });
      ctx.audit({ recordId: String(id), after: saved });
      return saved;
    },
    tripleSelect: (input, ctx) => tripleDetail(db, ctx.user, { id: input.id }),
    tripleSelectByBpmId: (input, ctx) => tripleDetail(db, ctx.user, { processInstanceId: input.processInstanceId }),
    tripleApprovalPass: async (input, ctx) => {
      await tripleCommands.pass(db, ctx.user, input);
      return null;
    },
    tripleApprovalFail: async (input, ctx) => {
      await tripleCommands.reject(db, ctx.user, input);
      return null;
    },
    tripleRollback: async (input, ctx) => {
      await tripleCommands.rollback(db, ctx.user, input);
      return null;
    },
    tripleUserCodeRepeat: (input) => userCodeRepeat(db, input.userCode, input.id),

    // 补偿优化
    compensateSelectPage: (input, ctx) => compensationPage(db, ctx.user, input),
    compensateDownloadList: async (input, ctx) => {
      const lang = langOf(ctx.req);
      return sendXlsx(ctx.reply, {
        filename: lang === 'en' ? 'compensation.xlsx' : '补偿优化.xlsx',
        sheet: lang === 'en' ? 'Compensation' : '补偿优化',
        columns: await exportColumns(platform, compensationResource.spec.meta, lang),
        batches: compensationBatches(db, ctx.user, input),
      });
    },
    compensateAdd: async (input, ctx) => {
      const saved = await addCompensation(db, ctx.user, input);
      ctx.audit({ recordId: String(saved.id), after: saved });
      return saved;
    },
    compensateSelect: (input, ctx) => compensationDetail(db, ctx.user, { id: input.id }),
    compensateGetData: (input, ctx) => compensationData(db, ctx.user, input),
    compensateRollback: async (input, ctx) => {
      await compensationCommands.rollback(db, ctx.user, input);
      return null;
    },
    compensateApprovalPass: async (input, ctx) => {
      await compensationCommands.pass(db, ctx.user, input);
      return null;
    },
    compensateApprovalFail: async (input, ctx) => {
      await compensationCommands.reject(db, ctx.user, input);
      return null;
    },
    compensateSelectByBpmId: (input, ctx) => compensationDetail(db, ctx.user, { processInstanceId: input.processInstanceId }),

    // 绩效考核
    performanceSelectPage: (input, ctx) => performancePage(db, ctx.user, input),
    performanceSelect: (input, ctx) => performanceDetail(db, ctx.user, input),
    performanceExport: async (input, ctx) => {
      const lang = langOf(ctx.req);
      return sendXlsx(ctx.reply, {
        filename: lang === 'en' ? 'performance.xlsx' : '绩效考核.xlsx',
        sheet: lang === 'en' ? 'Performance' : '绩效考核',
        columns: await exportColumns(platform, performanceResource.spec.meta, lang),
        batches: performanceBatches(db, ctx.user, { periodType: '002', ...input }),
      });
    },
    performanceExportMonth: async (input, ctx) => {
      const lang = langOf(ctx.req);
      const columns = await exportColumns(platform, performanceResource.spec.meta, lang);
      columns.push({
        key: 'items',
        header: lang === 'en' ? 'Items' : '考核项明细',
        width: 60,
        format: (v) => (Array.isArray(v) ? itemsText(v as PerformanceRecord['items']) : null),
      });
      return sendXlsx(ctx.reply, {
        filename: lang === 'en' ? `performance-${input.period}.xlsx` : `月度绩效-${input.period}.xlsx`,
        sheet: input.period,
        columns,
        batches: performanceBatches(db, ctx.user, { ...input, periodType: '001' }),
      });
    },
    performanceRollback: async (input, ctx) => {
      await performanceCommands.rollback(db, ctx.user, input);
      return null;
    },
    performancePass: async (input, ctx) => {
      await performanceCommands.pass(db, ctx.user, input);
      return null;
    },
    performanceReject: async (input, ctx) => {
      await performanceCommands.reject(db, ctx.user, input);
      return null;
    },
    performanceJudgeApproval: async (input, ctx) => {
      const r = await judgeApproval(db, ctx.user, input);
      ctx.audit({ recordId: String(input.taskId), after: { ...input, ...r } });
      return r;
    },
    performanceAdd: async (input, ctx) => {
      const saved = await addPerformance(db, ctx.user, input);
      ctx.audit({ recordId: String(saved.id), after: saved });
      return saved;
    },

    // 合同用印 / 合同归档
    contractFacts: (input, ctx) => contractFacts(db, ctx.user, input.employeeId),
  });
}

/** What a document with a plain approval declares; `approvalDocumentRoutes` makes its eight handlers. */
interface ApprovalDocumentParts<R extends z.ZodTypeAny, F extends z.ZodTypeAny> {
  resource: Pick<typeof contractSealResource, 'page' | 'batches' | 'spec'>;
  detail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<z.input<R>>;
  add(db: Db, user: Principal, form: z.output<F>): Promise<DocumentSaved>;
  commands: typeof contractSealCommands;
  file: { zh: string; en: string };
}

function approvalDocumentRoutes<R extends z.ZodTypeAny, F extends z.ZodTypeAny, Q extends z.ZodRawShape>(
  platform: Platform,
  calls: ApprovalDocumentCalls<R, F, Q>,
  parts: ApprovalDocumentParts<R, F>,
) {
  const db = platform.db;
  return implement(calls, {
    selectPage: (input, ctx) => parts.resource.page(db, input as never, ctx.user) as never,
    downloadList: async (input, ctx) => {
      const lang = langOf(ctx.req);
      return sendXlsx(ctx.reply, {
        filename: `${lang === 'en' ? parts.file.en : parts.file.zh}.xlsx`,
        sheet: lang === 'en' ? parts.file.en : parts.file.zh,
        columns: await exportColumns(platform, parts.resource.spec.meta, lang),
        batches: parts.resource.batches(db, input as never, ctx.user),
      });
    },
    add: async (input, ctx) => {
      const saved = await parts.add(db, ctx.user, input as z.output<F>);
      ctx.audit({ recordId: String(saved.id), after: saved });
      return saved;
    },
    select: (input, ctx) => parts.detail(db, ctx.user, { id: input.id }),
    selectByBpmId: (input, ctx) => parts.detail(db, ctx.user, { processInstanceId: input.processInstanceId }),
    approvalPass: async (input, ctx) => {
      await parts.commands.pass(db, ctx.user, input);
      return null;
    },
    approvalFail: async (input, ctx) => {
      await parts.commands.reject(db, ctx.user, input);
      return null;
    },
    rollback: async (input, ctx) => {
      await parts.commands.rollback(db, ctx.user, input);
      return null;
    },
  });
}

/** 合同用印 and 合同归档 (/ContractSealList). */
export function contractSealRoutes(platform: Platform) {
  return [
    ...approvalDocumentRoutes(platform, contractSealDocumentCalls, {
      resource: contractSealResource,
      detail: contractSealDetail,
      add: addContractSeal,
      commands: contractSealCommands,
      file: { zh: '用印申请', en: 'contract-seals' },
    }),
    ...approvalDocumentRoutes(platform, contractArchiveDocumentCalls, {
      resource: contractArchiveResource as unknown as typeof contractSealResource,
      detail: contractArchiveDetail,
      add: addContractArchive,
      commands: contractArchiveCommands,
      file: { zh: '归档申请', en: 'contract-archives' },
    }),
  ];
}
