import { employeeCalls, outerChainCalls, rosterMeta } from '@erp/contract';
import { implement, type Route } from '../../platform/http/context';
import { langOf } from '../../platform/http/i18n';
import type { Platform } from '../../platform/platform';
import { exportColumns } from '../../platform/resource/labels';
import { sendXlsx } from '../../platform/resource/xlsx-export';
import type { DictionaryService } from '../base/dictionary.service';
import { changeRequestDetail, myChangeRequests } from './change-requests';
import * as employees from './employee.service';
import { sendRecordCard } from './employee-card';
import { employeeTemplate, importEmployees } from './employee-import';
import { addMaterial, deleteMaterial, educationMaterials, materials } from './employee-materials';
import { sections } from './employee-sections';
import { deleteByOuterChain } from './outer-chain';

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

      educationList: (input, ctx) => education.list(db, ctx.user, input.employeeId) as never,
      educationAdd: (input, ctx) => education.add(db, ctx.user, ctx, input.employeeId, input.data),
      educationUpdate: (input, ctx) => education.update(db, ctx.user, ctx, input.id, input.data),
      educationDelete: (input, ctx) => education.remove(db, ctx.user, ctx, input.id),
      workerHistoryList: (input, ctx) => workerHistory.list(db, ctx.user, input.employeeId) as never,
      workerHistoryAdd: (input, ctx) => workerHistory.add(db, ctx.user, ctx, input.employeeId, input.data),
      workerHistoryUpdate: (input, ctx) => workerHistory.update(db, ctx.user, ctx, input.id, input.data),
      workerHistoryDelete: (input, ctx) => workerHistory.remove(db, ctx.user, ctx, input.id),
      linkList: (input, ctx) => link.list(db, ctx.user, input.employeeId) as never,
      linkAdd: (input, ctx) => link.add(db, ctx.user, ctx, input.employeeId, input.data),
      linkUpdate: (input, ctx) => link.update(db, ctx.user, ctx, input.id, input.data),
      linkDelete: (input, ctx) => link.remove(db, ctx.user, ctx, input.id),
      aroundList: (input, ctx) => around.list(db, ctx.user, input.employeeId) as never,
      aroundAdd: (input, ctx) => around.add(db, ctx.user, ctx, input.employeeId, input.data),
      aroundUpdate: (input, ctx) => around.update(db, ctx.user, ctx, input.id, input.data),
      aroundDelete: (input, ctx) => around.remove(db, ctx.user, ctx, input.id),
      languageList: (input, ctx) => language.list(db, ctx.user, input.employeeId) as never,
      languageAdd: (input, ctx) => language.add(db, ctx.user, ctx, input.employeeId, input.data),
      languageUpdate: (input, ctx) => language.update(db, ctx.user, ctx, input.id, input.data),
      languageDelete: (input, ctx) => language.remove(db, ctx.user, ctx, input.id),
      certificateList: (input, ctx) => certificate.list(db, ctx.user, input.employeeId) as never,
      certificateAdd: (input, ctx) => certificate.add(db, ctx.user, ctx, input.employeeId, input.data),
      certificateUpdate: (input, ctx) => certificate.update(db, ctx.user, ctx, input.id, input.data),
      certificateDelete: (input, ctx) => certificate.remove(db, ctx.user, ctx, input.id),
      awardList: (input, ctx) => award.list(db, ctx.user, input.employeeId) as never,
      awardAdd: (input, ctx) => award.add(db, ctx.user, ctx, input.employeeId, input.data),
      awardUpdate: (input, ctx) => award.update(db, ctx.user, ctx, input.id, input.data),
      awardDelete: (input, ctx) => award.remove(db, ctx.user, ctx, input.id),
      vehicleList: (input, ctx) => vehicle.list(db, ctx.user, input.employeeId) as never,
      vehicleAdd: (input, ctx) => vehicle.add(db, ctx.user, ctx, input.employeeId, input.data),
      vehicleUpdate: (input, ctx) => vehicle.update(db, ctx.user, ctx, input.id, input.data),
      vehicleDelete: (input, ctx) => vehicle.remove(db, ctx.user, ctx, input.id),
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
