import type { ReportCode } from '@erp/contract/modules/report';
import { defineScreens } from '../../app/registry/types';

const report = (code: ReportCode, title: string) => ({
  load: () => import('./report-screen').then((m) => ({ default: m.screenOf(code) })),
  title,
  // REPORT_PERM's codes, written out: this file is eager and must not pull the contract's zod schemas in.
  permission: `report:${code}`,
});

/** The report centre (spec 000 `/statement/*`): the entrance and one generic screen per report. */
export const screens = defineScreens({
  '/statement/entrance': { load: () => import('./entrance-screen'), title: '报表中心', dates: false },
  '/statement/yyTotal': report('yyTotal', '运营总表'),
  '/statement/yyInduction': report('yyInduction', '运营入职统计'),
  '/statement/yyDeparture': report('yyDeparture', '运营离职统计'),
  '/statement/zpInduction': report('zpInduction', '招聘入职统计'),
  '/statement/recruiterCapacity': report('recruiterCapacity', '招聘专员产能'),
  '/statement/recruitmentProgress': report('recruitmentProgress', '招聘进度'),
  '/statement/interviewAccount': report('interviewAccount', '面试台账'),
  '/statement/candidateStatistic': report('candidateStatistic', '候选人统计'),
  '/statement/outsideSuppliersRecruitmentStatistic': report('outsideSuppliersRecruitmentStatistic', '外部供应商招聘统计'),
});
