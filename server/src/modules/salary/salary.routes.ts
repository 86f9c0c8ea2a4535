import { type FieldMeta, payAccessionCalls, payrollCalls, paySlipMeta, salaryCalls } from '@erp/contract';
import { BusinessCalendar } from '../../platform/business-time';
import { implement } from '../../platform/http/context';
import { langOf } from '../../platform/http/i18n';
import type { ServerModule } from '../../platform/module';
import { exportColumns } from '../../platform/resource/labels';
import { attachment, sendXlsx } from '../../platform/resource/xlsx-export';
import { sendTemplate } from '../../platform/resource/xlsx-import';
import { loanRoutes } from './loan';
import { PAY_ACCESSION_COLUMNS, payAccessionPage, payAccessionUpload } from './pay-accession';
import { addRun, closeMonth, computeMonth, runRecord } from './payroll';
import './payroll.history';
import { payslipPdf } from './payslip-pdf';
import {
  checkPassword,
  cityRateDelete,
  cityRatePage,
  cityRateSave,
  memberPage,
  merge,
  myMonths,
  myPayslip,
  myPayslips,
  runPage,
  slipBatches,
  slipDetail,
  slipPage,
  specialDelete,
  specialPage,
  specialSave,
} from './salary.service';

/** Payroll months, payslips, rates, special deductions, pay accession and my payslips (docs/domain/hours-pay.md). */
export const salaryModule: ServerModule = {
  name: 'salary',
  routes(platform) {
    const db = platform.db;
    const calendar = new BusinessCalendar(platform.config.BUSINESS_TIME_ZONE);
    const currentMonth = () => {
      const d = calendar.dayAsUtcDate(new Date());
      return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
    };
    return [
      ...implement(payrollCalls, {
        runPage: (input) => runPage(db, input),
        runAdd: async (input, ctx) => {
          await addRun(db, input.month, { currentMonth: currentMonth(), userId: ctx.user.userId });
          const run = await runRecord(db, input.month);
          ctx.audit({ recordId: input.month, after: run });
          return run;
        },
        compute: async (input, ctx) => {
          await computeMonth(db, input.month, { currentMonth: currentMonth(), userId: ctx.user.userId });
          const run = await runRecord(db, input.month);
          ctx.audit({ recordId: input.month, after: run });
          return run;
        },
        close: async (input, ctx) => {
          await closeMonth(db, input.month, ctx.user.userId);
          const run = await runRecord(db, input.month);
          ctx.audit({ recordId: input.month, after: run });
          return run;
        },
        slipPage: (input, ctx) => slipPage(db, ctx.user, input),
        slipDetail: (input, ctx) => slipDetail(db, ctx.user, input.id),
        slipExport: async (input, ctx) => {
          const columns = (await exportColumns(platform, paySlipMeta, langOf(ctx.req))).map((c) =>
            (paySlipMeta.fields as Record<string, FieldMeta | undefined>)[c.key]?.valueType === 'money'
              ? { ...c, format: (v: unknown) => (v === null || v === undefined ? null : Number(v) / 100) }
              : c,
          );
          return sendXlsx(ctx.reply, { filename: `工资明细${input.month}.xlsx`, sheet: '工资明细', columns, batches: slipBatches(db, ctx.user, input) });
        },
        merge: (input, ctx) => merge(db, ctx.user, input.month, input.groupBy),
        memberPage: (input, ctx) => memberPage(db, ctx.user, input),
        cityRatePage: (input) => cityRatePage(db, input),
        cityRateSave: async (input, ctx) => {
          const saved = await cityRateSave(db, ctx.user.userId, input);
          ctx.audit({ recordId: saved.id, after: saved });
          return saved;
        },
        cityRateDelete: async (input, ctx) => {
          const before = await cityRateDelete(db, input.id);
          ctx.audit({ recordId: input.id, before });
          return null;
        },
        specialPage: (input, ctx) => specialPage(db, ctx.user, input),
        specialSave: async (input, ctx) => {
          const saved = await specialSave(db, ctx.user, input);
          ctx.audit({ recordId: saved.id, after: saved });
          return saved;
        },
        specialDelete: async (input, ctx) => {
          const before = await specialDelete(db, ctx.user, input.id);
          ctx.audit({ recordId: input.id, before });
          return null;
        },
      }),
      ...implement(salaryCalls, {
        selectByUserCode: async (input, ctx) => {
          // Another person's code is refused before the password is even looked at.
          if (input.userCode && input.userCode.toLowerCase() !== ctx.user.userCode.toLowerCase()) return myPayslips(db, ctx.user, input);
          await checkPassword(platform, ctx.user, ctx.req.ip, input.password);
          return myPayslips(db, ctx.user, input);
        },
        myMonths: (_input, ctx) => myMonths(db, ctx.user),
        payslipPdf: async (input, ctx) => {
          const slip = await myPayslip(db, ctx.user, input.id);
          await checkPassword(platform, ctx.user, ctx.req.ip, input.password);
          const pdf = await payslipPdf(slip);
          return ctx.reply
            .header('content-type', 'application/pdf')
            .header('content-disposition', attachment(`工资条${slip.month}.pdf`))
            .header('cache-control', 'no-store')
            .send(pdf);
        },
      }),
      ...implement(payAccessionCalls, {
        getPayAccessionPageList: (input, ctx) => payAccessionPage(db, ctx.user, input),
        payAccessionUpload: (input, ctx) => payAccessionUpload(platform, ctx.user, ctx.files[0], input.confirm),
        payAccessionTemplate: (_input, ctx) =>
          sendTemplate(ctx.reply, { sheet: '工资核算', columns: PAY_ACCESSION_COLUMNS }, '工资核算导入模板.xlsx', [
            'user01',
            '202610',
            '1500.00',
            '200.00',
            '季度奖；饭卡',
          ]),
      }),
      ...loanRoutes(platform),
    ];
  },
};
