import type { CallDefinition } from '@erp/contract/define';
import { employeeCalls as c, type SectionName, sectionMetas } from '@erp/contract/modules/employee';
import type { ResourceMeta } from '@erp/contract/resource';

/** A list section's calls and fields, by the section's name. */
export interface ListSection {
  meta: ResourceMeta<Record<string, unknown>>;
  list: CallDefinition;
  add: CallDefinition;
  update: CallDefinition;
  remove: CallDefinition;
}

const section = (meta: unknown, list: CallDefinition, add: CallDefinition, update: CallDefinition, remove: CallDefinition): ListSection => ({
  meta: meta as ListSection['meta'],
  list,
  add,
  update,
  remove,
});

export const LIST_SECTIONS = {
  education: section(sectionMetas.education, c.educationList, c.educationAdd, c.educationUpdate, c.educationDelete),
  workerHistory: section(sectionMetas.workerHistory, c.workerHistoryList, c.workerHistoryAdd, c.workerHistoryUpdate, c.workerHistoryDelete),
  link: section(sectionMetas.link, c.linkList, c.linkAdd, c.linkUpdate, c.linkDelete),
  around: section(sectionMetas.around, c.aroundList, c.aroundAdd, c.aroundUpdate, c.aroundDelete),
  language: section(sectionMetas.language, c.languageList, c.languageAdd, c.languageUpdate, c.languageDelete),
  certificate: section(sectionMetas.certificate, c.certificateList, c.certificateAdd, c.certificateUpdate, c.certificateDelete),
  award: section(sectionMetas.award, c.awardList, c.awardAdd, c.awardUpdate, c.awardDelete),
  vehicle: section(sectionMetas.vehicle, c.vehicleList, c.vehicleAdd, c.vehicleUpdate, c.vehicleDelete),
  // The bank card's add and change are one call (no id: add).
  bank: section(sectionMetas.bank, c.bankList, c.bankUpdate, c.bankUpdate, c.bankDelete),
} satisfies Partial<Record<SectionName, ListSection>>;
export type ListSectionName = keyof typeof LIST_SECTIONS;

/** Sections with one record per employee: read call, save call, fields. */
export const SINGLE_SECTIONS = {
  administration: { meta: sectionMetas.administration as unknown as ListSection['meta'], get: c.administrationGet, save: c.administrationUpdate },
  examination: { meta: sectionMetas.examination as unknown as ListSection['meta'], get: c.examinationGet, save: c.examinationUpdate },
};
export type SingleSectionName = keyof typeof SINGLE_SECTIONS;

/** The file list a record carries for a file-group field (diplomaFileId → diplomaFiles, fileId → files). */
export const fileListKey = (key: string) => (key === 'fileId' ? 'files' : key.replace(/FileId$/, 'Files'));
