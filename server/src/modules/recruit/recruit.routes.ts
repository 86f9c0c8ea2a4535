import { offerSendMeta, recruitCalls } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db';
import { implement } from '../../platform/http/context';
import { langOf } from '../../platform/http/i18n';
import type { ServerModule } from '../../platform/module';
import { exportColumns } from '../../platform/resource/labels';
import { attachment, sendXlsx, workbookBuffer, XLSX_TYPE } from '../../platform/resource/xlsx-export';
import type { FileService } from '../file/file.service';
import { funnel } from './funnel';
import * as offers from './offers';
import { openLink } from './outer-links';
import * as pipeline from './pipeline';
// What recruiters hold, for the leaver handover (registers at load).
import './recruit.holdings';
import * as misc from './recruit.misc';
import { candidateResource, demandNameResource, offerSendResource } from './recruit.resources';
import { warmSegmenter } from './resume-text';
import * as talents from './talents';

/** Recruitment (docs/domain/recruitment.md). */
export const recruitModule: ServerModule = {
  name: 'recruit',
  async setup(_app, platform) {
    await warmSegmenter();
    // Résumé files are readable by whoever may read talents (the file service asks the owning module).
    (platform.services.get('files') as FileService | undefined)?.registerReader('recruit', async (user, file) => {
      if (!user.isAdmin && !user.permissions.has('recruit:talent:list')) return false;
      const rows = await queryRows<{ id: number }>(platform.db, sql`SELECT id FROM recruit_resumes WHERE file_id = ${file.id} LIMIT 1`);
      return rows.length > 0;
    });
  },
  routes(platform) {
    const db = platform.db;
    const files = () => platform.services.get('files') as FileService;
    const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
    return implement(recruitCalls, {
      demandGetInfo: (input, ctx) => pipeline.demandDetail(db, ctx.user, input.id),
      demandGetPageList: (input, ctx) => import('./recruit.resources').then((m) => m.demandResource.page(db, input, ctx.user)),
      demandSavePostPageList: (input, ctx) => pipeline.saveDemand(db, ctx.user, input, ctx),
      demandGetPageListByDemand: (input, ctx) => candidateResource.page(db, input, ctx.user),
      demandGetPostPageList: async (input, ctx) => {
        const { demandResource } = await import('./recruit.resources');
        const scope = demandResource.conditions({}, ctx.user) ?? sql`true`;
        const where = sql`p.demand_id IN (SELECT "recruit_demands"."id" FROM recruit_demands
            LEFT JOIN org_units demand_org ON demand_org.id = recruit_demands.org_id
            LEFT JOIN org_units demand_client ON demand_client.id = recruit_demands.client_company_id
            LEFT JOIN users demand_recruiter ON demand_recruiter.id = recruit_demands.recruiter_user_id
            WHERE ${scope} AND recruit_demands.status = '001')
          ${input.demandId ? sql`AND p.demand_id = ${input.demandId}` : sql``}
          ${input.keyword ? sql`AND p.post_name ILIKE ${`%${input.keyword}%`}` : sql``}`;
        const rows = await queryRows<never>(
          db,
          sql`SELECT p.id, p.demand_id AS "demandId", p.position_id AS "positionId", p.post_name AS "postName", p.headcount,
                (SELECT count(*)::int FROM recruit_candidates c WHERE c.post_id = p.id AND c.stage = '080') AS hired,
                p.salary_min::float8 / 100 AS "salaryMin", p.salary_max::float8 / 100 AS "salaryMax", p.requirement,
                d.name AS "demandName", d.demand_no AS "demandNo"
              FROM recruit_demand_posts p JOIN recruit_demands d ON d.id = p.demand_id WHERE ${where}
              ORDER BY p.id DESC LIMIT ${input.pageSize} OFFSET ${(input.pageIndex - 1) * input.pageSize}`,
        );
        const [n] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM recruit_demand_posts p WHERE ${where}`);
        return { records: rows, total: n?.n ?? 0, pageIndex: input.pageIndex, pageSize: input.pageSize };
      },
      demandGetResumeFilter: async (input, ctx) => {
        const d = await pipeline.demandDetail(db, ctx.user, input.demandId);
        const extra = [sql`NOT EXISTS (SELECT 1 FROM recruit_candidates c WHERE c.talent_id = t.id AND c.demand_id = ${d.id})`];
        if (d.yearsMin !== null) extra.push(sql`coalesce(t.years, 0) >= ${d.yearsMin}`);
        if (d.salaryMax !== null) extra.push(sql`(t.expected_salary IS NULL OR t.expected_salary <= ${Math.round(d.salaryMax * 100)})`);
        return talents.talentPage(
          db,
          ctx.user,
          { pageIndex: input.pageIndex, pageSize: input.pageSize, keyword: input.keyword, city: d.city ?? undefined, education: d.education ?? undefined },
          extra,
        );
      },
      demandDelete: (input, ctx) => pipeline.deleteDemand(db, ctx.user, input.id, ctx),

      demandNamePage: (input) => demandNameResource.page(db, input, null),
      demandNameSave: (input, ctx) => demandNameResource.add(db, { ...input, category: blank(input.category), remark: blank(input.remark) }, ctx),
      demandNameUpdate: ({ id, ...values }, ctx) =>
        demandNameResource.update(db, id, { ...values, category: blank(values.category), remark: blank(values.remark) }, ctx),
      demandNameList: (input) => demandNameResource.list(db, { name: input.keyword, enabled: true }, null, { limit: 200 }),

      rpoDictPage: (input) => misc.rpoDictPage(db, input),
      rpoDictSave: (input, ctx) => misc.rpoDictSave(db, ctx.user, input, ctx),
      rpoDictList: (input) => misc.rpoDictList(db, input.kind),
      rpoDemandPage: (input) => misc.rpoDemandPage(db, input),
      rpoDemandSave: (input, ctx) => misc.rpoDemandSave(db, ctx.user, input, ctx),
      rpoDemandList: (input) => misc.rpoDemandList(db, input.clientCompanyId),
      rpoResumePage: (input) => misc.rpoResumePage(db, input),
      rpoResumeSave: (input, ctx) => misc.rpoResumeSave(db, ctx.user, input, ctx),
      rpoResumeList: (input) => misc.rpoResumeList(db, input.rpoDemandId),

      opportunityTransfer: (input) => misc.opportunities(db, input.keyword),
      recruitAgency: (_input, ctx) => misc.recruitAgency(db, ctx.user),
      commonGetUserList: (input) => misc.recruiters(db, input.keyword),
      commonGetUserList1: (input) => misc.interviewerUsers(db, input.keyword),
      commonGetEmployeeSelect: (input) => misc.employeeSelect(db, input.keyword),

      talentPage: (input, ctx) => talents.talentPage(db, ctx.user, input),
      talentDetail: (input, ctx) => talents.talentDetail(db, ctx.user, input.id),
      talentSave: (input, ctx) => talents.saveTalent(db, ctx.user, input, ctx),
      talentCheckDuplicate: (input) => talents.findDuplicates(db, input),
      talentParseResume: async (_input, ctx) => {
        const parsed = await talents.parseResume(db, files(), ctx.user, ctx.files);
        ctx.audit({ recordId: parsed.resumeId, after: { fileName: parsed.fileName, textLength: parsed.textLength } });
        return parsed;
      },
      talentPreviewLink: (input, ctx) => talents.previewLink(db, ctx.user, input.id),
      resumeGetRecordList: (input, ctx) => talents.resumeRecords(db, ctx.user, input.talentId),
      resumePreview: (input) => talents.resumePreview(db, input.token),
      resumeReScreenInfo: (input) => talents.reScreenInfo(db, input.token),
      resumeReScreenSave: (input, ctx) => talents.reScreenSave(db, input.token, input.info, ctx),

      candidateGetPageList: (input, ctx) => candidateResource.page(db, input, ctx.user),
      candidateGetInterviewerList: async (input, ctx) => {
        await pipeline.candidateFor(db, ctx.user, input.candidateId);
        return pipeline.interviewsOf(db, input.candidateId);
      },
      candidateGetCandidateInfo: (input, ctx) => pipeline.candidateInfo(db, ctx.user, input.id, offers.offerOfCandidate),
      candidateGenerateReScreenOutChain: async (input, ctx) => {
        const c = await pipeline.candidateFor(db, ctx.user, input.candidateId);
        const { linkToken } = await import('./outer-links');
        const { token, expiresAt } = await linkToken(db, 'rescreen', c.talentId);
        return { token, expiresAt, url: `/#/ResumePreview?token=${encodeURIComponent(token)}&edit=1` };
      },
      candidateAdd: (input, ctx) => pipeline.addCandidates(db, ctx.user, input, ctx),
      candidateMove: (input, ctx) => pipeline.moveCandidate(db, ctx.user, input, ctx),

      interviewSchedule: (input, ctx) => pipeline.scheduleInterview(db, ctx.user, input, ctx),
      interviewFeedback: (input, ctx) => pipeline.interviewFeedback(db, ctx.user, input, ctx),
      interviewCalendar: (input, ctx) => pipeline.interviewCalendar(db, ctx.user, input),
      interviewEmploy: (input, ctx) => pipeline.employAfterInterview(db, ctx.user, input.candidateId, ctx),
      interviewGetOutChain: async (input) => pipeline.invitationOf(db, (await openLink(db, 'interview', input.token)).id),
      interviewPlaceAdd: (input, ctx) => misc.savePlace(db, ctx.user, input, ctx),
      interviewPlaceGet: (input) => misc.places(db, input.all === true),

      offerGetPageList: (input, ctx) => offers.offerList(db, ctx.user, input),
      offerCancelCandidate: (input, ctx) => offers.closeBeforeOffer(db, ctx.user, input.candidateId, '090', input.reason, ctx),
      offerStoreOfferAdvise: (input, ctx) => offers.storeAdvise(db, ctx.user, input, ctx),
      offerGetOfferAdvise: async (input, ctx) => {
        await pipeline.candidateFor(db, ctx.user, input.candidateId);
        return offers.offerOfCandidate(db, ctx.user, input.candidateId);
      },
      offerTalkSuccess: (input, ctx) => offers.talkSuccess(db, ctx.user, input.candidateId, ctx),
      offerTalkFail: (input, ctx) => offers.closeBeforeOffer(db, ctx.user, input.candidateId, '095', input.reason, ctx),
      offerGetProcessInfo: (input, ctx) => offers.processInfo(db, ctx.user, input.candidateId),

      employGetPageList: (input, ctx) => offers.employList(db, ctx.user, input),
      employGetInfo: (input, ctx) => offers.offerById(db, ctx.user, input.id),
      employGetSalary: (input, ctx) => offers.employSalary(db, ctx.user, input.id),
      employDeliverStag: (input, ctx) => offers.deliverStage(db, ctx.user, input, ctx),
      employStore: (input, ctx) => offers.storeEmploy(db, ctx.user, input, ctx),
      employSubmit: (input, ctx) => offers.submitEmploy(db, ctx.user, input.id, ctx),
      employCancelEmploy: (input, ctx) => offers.endEmploy(db, ctx.user, input, '008', ctx),
      employAccess: (input, ctx) => offers.acceptOffer(db, ctx.user, input.id, ctx),
      employFail: (input, ctx) => offers.endEmploy(db, ctx.user, input, '007', ctx),
      employSendOfferAgain: (input, ctx) => offers.sendOffer(db, ctx.user, input, ctx),
      employOperEmploy: (input, ctx) => offers.handOver(db, ctx.user, input, ctx),
      employIsEntryAgain: (input) => talents.formerEmployee(db, input),
      employGetEmploySendNum: async (input, ctx) => {
        const o = await offers.offerById(db, ctx.user, input.id);
        return { sendCount: o.sendCount, lastSentAt: o.lastSentAt };
      },
      employPreviewEmploySendMail: (input, ctx) => offers.previewMail(db, ctx.user, input.id),
      employSendEmployMail: (input, ctx) => offers.sendOffer(db, ctx.user, input, ctx),
      employNotarizePageList: (input, ctx) => offers.notarizeList(db, ctx.user, input),
      employGetDemandOrgList: () => misc.demandOrgs(db),

      offerSendGetPageList: (input, ctx) => offerSendResource.page(db, input, ctx.user),
      offerSendExport: async (input, ctx) =>
        sendXlsx(ctx.reply, {
          filename: 'Offer发送记录.xlsx',
          sheet: 'Offer发送记录',
          columns: await exportColumns(platform, offerSendMeta, langOf(ctx.req)),
          batches: offerSendResource.batches(db, input, ctx.user),
        }),

      funnel: (input, ctx) => funnel(db, ctx.user, input),
      funnelExport: async (input, ctx) => {
        const f = await funnel(db, ctx.user, input);
        const { header, rows } = misc.funnelSheet(f);
        const buffer = await workbookBuffer('招聘漏斗', header, rows);
        return ctx.reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', attachment(`招聘漏斗_${input.from}_${input.to}.xlsx`))
          .send(buffer);
      },

      clueSubmit: (input, ctx) => misc.submitClue(db, ctx.user, input, ctx),
      clueMine: (_input, ctx) => misc.myClues(db, ctx.user),
    });
  },
};
