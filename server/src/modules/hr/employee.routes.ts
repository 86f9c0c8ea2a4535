import { employeeCalls, outerChainCalls, rosterMeta } from '@erp/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db';
import { type CallContext, type Handler, implement, type Route } from '../../platform/http/context';
import { langOf } from '../../platform/http/i18n';
import type { Platform } from '../../platform/platform';
import { exportColumns } from '../../platform/resource/labels';
import { sendXlsx } from '../../platform/resource/xlsx-export';
import type { DictionaryService } from '../base/dictionary.service';
import { changeRequestDetail, myChangeRequests } from './change-requests';
import * as employees from './employee.service';
import { sendRecordCard, sendRecordCards } from './employee-card';
import { employeeTemplate, importEmployees } from './employee-import';
import { addMaterial, deleteMaterial, educationMaterials, materials } from './employee-materials';
import { type EmployeeSection, sections } from './employee-sections';
import { employeeTimeline } from './employee-timeline';
import { deleteByOuterChain } from './outer-chain';
import { remindRecords } from './roster-remind';

type SectionCallNames<N extends string> = `${N}List` | `${N}Add` | `${N}Update` | `${N}Delete`;

/** The four handlers of a list section (its calls are declared alike by the contract's sectionCalls). */
function sectionHandlers<N extends string>(db: Db, name: N, section: EmployeeSection<PgTable>): Record<SectionCallNames<N>, Handler<never>> {
  type In = { employeeId?: number | null; id: number; data: Record<string, unknown> };
  const handlers: Record<string, (input: In, ctx: CallContext) => Promise<unknown>> = {
    [`${name}List`]: (input, ctx) => section.list(db, ctx.user, input.employeeId),
    [`${name}Add`]: (input, ctx) => section.add(db, ctx.user, ctx, input.employeeId, input.data),
    [`${name}Update`]: (input, ctx) => section.update(db, ctx.user, ctx, input.id, input.data),
    [`${name}Delete`]: (input, ctx) => section.remove(db, ctx.user, ctx, input.id),
  };
  return handlers as unknown as Record<SectionCallNames<N>, Handler<never>>;
}

/** The employee master's calls: roster, info blocks, sections, materials, lookups, change requests. */
export function employeeRoutes(platform: Platform): Route[] {
  const db = platform.db;
  const dictionaries = () => platform.services.get('dictionaries') as DictionaryService;
  const { education, workerHistory, link, around, language, certificate, award, vehicle, administration, examination, bank } = sections;
  return [
    ...implement(employeeCalls, {
      rosterPage: (input, ctx) => employees.rosterPage(db, ctx.user, input),
      rosterBaseInfo: (input, ctx) => employees.baseInfo(db, ctx.user, input.employeeId),
      rosterSaveBase: (input, ctx) => employees.saveBase(db, ctx.user, ctx, input),
      rosterLinkInfo: (input, ctx) => employees.linkInfo(db, ctx.user, input.employeeId),
      rosterSaveLink: (input, ctx) => employees.saveLink(db, ctx.user, ctx, input),
      rosterWorkersInfo: (input, ctx) => employees.workersInfo(db, ctx.user, input.employeeId),
      rosterSaveWorkers: (input, ctx) => employees.saveWorkers(db, ctx.user, ctx, input),
      rosterChangeInfo: (input, ctx) => employees.changeInfo(db, ctx.user, input.employeeId),
      rosterTakeOfficeInfo: (input, ctx) => employees.takeOfficeInfo(db, ctx.user, input.employeeId),
      rosterTimeline: (input, ctx) => employeeTimeline(platform, ctx.user, input.employeeId),
      rosterRemindRecords: async (input, ctx) => {
        const result = await remindRecords(db, ctx.user, input.ids, input.message);
        ctx.audit({ recordId: input.ids.slice(0, 20).join(','), after: { sent: result.sent, skipped: result.skipped.length } });
        return result;
      },
      rosterExport: async (input, ctx) =>
        sendXlsx(ctx.reply, {
          filename: '员工花名册.xlsx',
          sheet: '员工花名册',
          columns: await exportColumns(platform, rosterMeta, langOf(ctx.req)),
          batches: employees.rosterBatches(db, ctx.user, input),
        }),
      rosterImportTemplate: (_input, ctx) => employeeTemplate(platform, dictionaries(), ctx.reply),
      rosterImport: (input, ctx) =>
        importEmployees(platform, dictionaries(), ctx.files.find((f) => f.fieldname === 'file') ?? ctx.files[0], input.confirm, ctx),

      ...sectionHandlers(db, 'education', education),
      ...sectionHandlers(db, 'workerHistory', workerHistory),
      ...sectionHandlers(db, 'link', link),
      ...sectionHandlers(db, 'around', around),
      ...sectionHandlers(db, 'language', language),
      ...sectionHandlers(db, 'certificate', certificate),
      ...sectionHandlers(db, 'award', award),
      ...sectionHandlers(db, 'vehicle', vehicle),
      administrationGet: (input, ctx) => administration.single(db, ctx.user, input.employeeId) as never,
      administrationUpdate: (input, ctx) => administration.save(db, ctx.user, ctx, input.employeeId, input.data),
      examinationGet: (input, ctx) => examination.single(db, ctx.user, input.employeeId) as never,
      examinationUpdate: (input, ctx) => examination.save(db, ctx.user, ctx, input.employeeId, input.data),
      bankList: (input, ctx) => bank.list(db, ctx.user, input.employeeId) as never,
      bankUpdate: (input, ctx) => (input.id ? bank.update(db, ctx.user, ctx, input.id, input.data) : bank.add(db, ctx.user, ctx, input.employeeId, input.data)),
      bankDelete: (input, ctx) => bank.remove(db, ctx.user, ctx, input.id),

      materialList: (input, ctx) => materials(db, ctx.user, input.employeeId, input.category),
      materialListEdu: (input, ctx) => educationMaterials(db, ctx.user, input.employeeId),
      materialAdd: (input, ctx) => addMaterial(db, ctx.user, ctx, input),
      materialDelete: async (input, ctx) => {
        await deleteMaterial(db, ctx.user, ctx, input.id);
        return null;
      },
      materialAddLeaving: (input, ctx) => addMaterial(db, ctx.user, ctx, { employeeId: input.employeeId, category: '070', fileId: input.fileId }),
      basicDownload: (input, ctx) => sendRecordCard(platform, ctx, input.employeeId),
      rosterRecordCards: (input, ctx) => sendRecordCards(platform, ctx, input.ids),
      basicCertificateNo: (input, ctx) => employees.certificateNo(db, ctx.user, input.employeeId),

      employeeList: (input) => employees.employeeOptions(db, input),
      employeeUserList: (input) => employees.userList(db, input),
      employeeUpdateCore: (input, ctx) => employees.updateCore(db, ctx.user, ctx, input),
      employeeByName: (input) => employees.employeesByName(db, input.name),

      changeRequestDetail: (input, ctx) => changeRequestDetail(db, ctx.user, input),
      changeRequestMine: (_input, ctx) => myChangeRequests(db, ctx.user),
    }),
    ...implement(outerChainCalls, {
      outerChainDeleteEducationFile: (input, ctx) => deleteByOuterChain(db, ctx, 'education', input),
      outerChainDeleteAwardFile: (input, ctx) => deleteByOuterChain(db, ctx, 'award', input),
      outerChainDeleteLanguageFile: (input, ctx) => deleteByOuterChain(db, ctx, 'language', input),
      outerChainDeleteCertificateFile: (input, ctx) => deleteByOuterChain(db, ctx, 'certificate', input),
      outerChainDeleteMaterial: (input, ctx) => deleteByOuterChain(db, ctx, 'material', input),
    }),
  ];
}
