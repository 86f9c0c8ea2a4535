import {
  CONTRACT_ARCHIVE_PROCESS_KEY,
  CONTRACT_SEAL_PROCESS_KEY,
  type ContractArchiveRecord,
  type ContractFacts,
  type ContractSealRecord,
  contractArchiveMeta,
  contractSealMeta,
  EMPLOY_STATE,
  HR_DOC_MSG,
  HR_DOC_PERM,
  type ZContractArchiveForm,
  type ZContractSealForm,
} from '@erp/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { equals, inOrgSubtree } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import type { FileRow } from '../file/file.schema';
import { assertOwnFileGroup } from '../file/file-groups';
import { employeeFor } from './employee-access';
import { assertReadable, documentJoins, documentKeyword, documentSelect, taskCommands } from './hr-document-kit';
import { CONTRACT_ARCHIVE_PROCESS_XML, CONTRACT_SEAL_PROCESS_XML } from './hr-document-processes';
import { contractArchives, contractSeals } from './hr-documents.schema';
import { lockEmployee } from './positive.repository';

/**
 * 合同用印 and 合同归档 (docs/domain/hr-lifecycle.md "Contract seal and archive"): HR asks the seal
 * keeper to seal an employee's labour contract, then files the signed original. Both are documents
 * on the kernel; their files are module `hrContract`, readable by whoever may read the request.
 */

export const CONTRACT_FILES_MODULE = 'hrContract';
const s = contractSeals;
const a = contractArchives;
type SealForm = z.output<typeof ZContractSealForm>;
type ArchiveForm = z.output<typeof ZContractArchiveForm>;

export const contractSealDocument = defineDocument({
  processKey: CONTRACT_SEAL_PROCESS_KEY,
  prefix: 'YY',
  name: '用印申请',
  table: s,
  columns: { id: s.id, state: s.state, instanceId: s.processInstanceId, documentNo: s.documentNo },
  defaultDefinitionXml: CONTRACT_SEAL_PROCESS_XML,
  async onPassed(tx, row) {
    await tx.update(s).set({ sealedAt: new Date() }).where(eq(s.id, row.id));
  },
});

export const contractArchiveDocument = defineDocument({
  processKey: CONTRACT_ARCHIVE_PROCESS_KEY,
  prefix: 'HTGD',
  name: '归档申请',
  table: a,
  columns: { id: a.id, state: a.state, instanceId: a.processInstanceId, documentNo: a.documentNo },
  defaultDefinitionXml: CONTRACT_ARCHIVE_PROCESS_XML,
  async onPassed(tx, row) {
    await tx.update(a).set({ archivedAt: new Date() }).where(eq(a.id, row.id));
  },
});

export const contractSealCommands = taskCommands(contractSealDocument);
export const contractArchiveCommands = taskCommands(contractArchiveDocument);

const contractSelect = (t: typeof s | typeof a) => ({
  ...documentSelect(t),
  contractType: t.contractType,
  contractStart: t.contractStart,
  contractEnd: t.contractEnd,
  copies: t.copies,
  fileGroupId: t.fileGroupId,
  remark: sql<string>`coalesce(${t.remark}, '')`,
});
const contractFilters = (t: typeof s | typeof a) => ({
  keyword: documentKeyword(t),
  employeeName: documentKeyword(t),
  orgId: inOrgSubtree(t.orgId),
  state: equals(t.state),
  contractType: equals(t.contractType),
});

export const contractSealResource = defineResource<ContractSealRecord, typeof s>({
  meta: contractSealMeta,
  table: s,
  idColumn: s.id,
  select: { ...contractSelect(s), sealType: s.sealType, purpose: s.purpose, sealedAt: s.sealedAt },
  joins: documentJoins(s),
  filters: { ...contractFilters(s), sealType: equals(s.sealType) },
  sortable: { createdAt: s.createdAt },
  defaultOrder: [desc(s.createdAt), desc(s.id)],
  scope: { orgId: s.orgId, ownerUserId: s.userId },
});

export const contractArchiveResource = defineResource<ContractArchiveRecord, typeof a>({
  meta: contractArchiveMeta,
  table: a,
  idColumn: a.id,
  select: {
    ...contractSelect(a),
    location: a.location,
    sealDocumentNo: sql<string>`coalesce((SELECT cs.document_no FROM contract_seals cs WHERE cs.id = ${a.sealId}), '')`,
    archivedAt: a.archivedAt,
  },
  joins: documentJoins(a),
  filters: contractFilters(a),
  sortable: { createdAt: a.createdAt },
  defaultOrder: [desc(a.createdAt), desc(a.id)],
  scope: { orgId: a.orgId, ownerUserId: a.userId },
});

export async function contractSealDetail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<ContractSealRecord> {
  const row = ref.id ? await contractSealDocument.row(db, ref.id) : await contractSealDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('用印申请不存在');
  await assertReadable(db, user, row, HR_DOC_PERM.contractSealList);
  return contractSealResource.detail(db, row.id, null);
}

export async function contractArchiveDetail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<ContractArchiveRecord> {
  const row = ref.id ? await contractArchiveDocument.row(db, ref.id) : await contractArchiveDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('归档申请不存在');
  await assertReadable(db, user, row, HR_DOC_PERM.contractSealList);
  return contractArchiveResource.detail(db, row.id, null);
}

/** The passed seal request of an employee that no archive request (other than a closed one) names yet. */
async function sealToArchive(db: Db, employeeId: number) {
  const [row] = await db
    .select({ id: s.id, documentNo: s.documentNo, contractType: s.contractType, contractStart: s.contractStart, contractEnd: s.contractEnd })
    .from(s)
    .where(
      and(
        eq(s.employeeId, employeeId),
        eq(s.state, 'passed'),
        sql`NOT EXISTS (SELECT 1 FROM contract_archives ca WHERE ca.seal_id = ${s.id} AND ca.state NOT IN ('rejected', 'revoked'))`,
      ),
    )
    .orderBy(desc(s.sealedAt), desc(s.id))
    .limit(1);
  return row;
}

/** What the apply forms start from: the last contract on record (a seal or archive request, or the renewal end date). */
export async function contractFacts(db: Db, user: Principal, employeeId: number): Promise<ContractFacts> {
  const { emp } = await employeeFor(db, user, employeeId, 'write');
  const seal = await sealToArchive(db, emp.id);
  const [last] = seal
    ? [seal]
    : await db
        .select({ contractType: s.contractType, contractStart: s.contractStart, contractEnd: s.contractEnd })
        .from(s)
        .where(and(eq(s.employeeId, emp.id), eq(s.state, 'passed')))
        .orderBy(desc(s.id))
        .limit(1);
  return {
    employeeId: emp.id,
    employeeName: emp.name,
    contractType: last?.contractType ?? (emp.contractEndDate ? '001' : null),
    contractStart: last?.contractStart ?? emp.entryDate ?? null,
    contractEnd: last?.contractEnd ?? emp.contractEndDate ?? null,
    sealId: seal?.id ?? null,
    sealDocumentNo: seal?.documentNo ?? null,
  };
}

/** The employee the request is about, locked, with the checks both requests share. */
async function contractEmployee(tx: Db, user: Principal, form: SealForm | ArchiveForm, open: { table: typeof s | typeof a; message: string }) {
  const { emp } = await employeeFor(tx, user, form.employeeId, 'write');
  if (emp.userId === null) throw badRequest('该员工没有账号');
  await lockEmployee(tx, emp.id);
  const [busy] = await tx
    .select({ id: open.table.id })
    .from(open.table)
    .where(and(eq(open.table.employeeId, emp.id), inArray(open.table.state, ['draft', 'approving', 'returned'])))
    .limit(1);
  if (busy) throw conflict(open.message);
  await assertOwnFileGroup(tx, user, form.fileGroupId, { required: HR_DOC_MSG.contractFile });
  return { ...emp, userId: emp.userId };
}

const contractValues = (form: SealForm | ArchiveForm, emp: { id: number; userId: number; orgId: number | null }, user: Principal) => ({
  employeeId: emp.id,
  userId: emp.userId,
  orgId: emp.orgId,
  contractType: form.contractType,
  contractStart: form.contractStart,
  contractEnd: form.contractEnd ?? null,
  copies: form.copies,
  fileGroupId: form.fileGroupId,
  remark: form.remark || null,
  createdBy: user.userId,
  updatedBy: user.userId,
});

export async function addContractSeal(db: Db, user: Principal, form: SealForm) {
  return db.transaction(async (tx) => {
    const emp = await contractEmployee(tx, user, form, { table: s, message: HR_DOC_MSG.openSeal });
    if (emp.employState === EMPLOY_STATE.resigned) throw badRequest(HR_DOC_MSG.resigned);
    const [row] = await tx
      .insert(s)
      .values({ ...contractValues(form, emp, user), sealType: form.sealType, purpose: form.purpose })
      .returning();
    if (!row) throw new Error('contract seal insert returned nothing');
    await contractSealDocument.submit(tx, { id: row.id, userId: user.userId, title: `${emp.name} 合同用印`, vars: { employeeId: emp.id, orgId: emp.orgId } });
    const after = await contractSealDocument.row(tx, row.id);
    return { id: after.id, documentNo: after.documentNo ?? '', state: after.state, processInstanceId: after.processInstanceId };
  });
}

export async function addContractArchive(db: Db, user: Principal, form: ArchiveForm) {
  return db.transaction(async (tx) => {
    const emp = await contractEmployee(tx, user, form, { table: a, message: HR_DOC_MSG.openArchive });
    if (form.sealId) {
      const [seal] = await tx.select({ employeeId: s.employeeId, state: s.state }).from(s).where(eq(s.id, form.sealId));
      if (!seal || seal.employeeId !== emp.id || seal.state !== 'passed') throw badRequest('用印申请不存在或未通过');
      const [taken] = await tx
        .select({ id: a.id })
        .from(a)
        .where(and(eq(a.sealId, form.sealId), sql`${a.state} NOT IN ('rejected', 'revoked')`))
        .limit(1);
      if (taken) throw conflict(HR_DOC_MSG.archived);
    }
    const [row] = await tx
      .insert(a)
      .values({ ...contractValues(form, emp, user), location: form.location, sealId: form.sealId ?? null })
      .returning();
    if (!row) throw new Error('contract archive insert returned nothing');
    await contractArchiveDocument.submit(tx, {
      id: row.id,
      userId: user.userId,
      title: `${emp.name} 合同归档`,
      vars: { employeeId: emp.id, orgId: emp.orgId },
    });
    const after = await contractArchiveDocument.row(tx, row.id);
    return { id: after.id, documentNo: after.documentNo ?? '', state: after.state, processInstanceId: after.processInstanceId };
  });
}

/** A contract file may be opened by whoever may read a request that holds its group. */
export async function canReadContractFile(db: Db, user: Principal, file: Pick<FileRow, 'groupId'>): Promise<boolean> {
  for (const [doc, t] of [
    [contractSealDocument, s],
    [contractArchiveDocument, a],
  ] as const) {
    const [row] = await db.select({ id: t.id }).from(t).where(eq(t.fileGroupId, file.groupId)).limit(1);
    if (!row) continue;
    try {
      await assertReadable(db, user, await doc.row(db, row.id), HR_DOC_PERM.contractSealList);
      return true;
    } catch {
      // not readable through this request; another may still allow it
    }
  }
  return false;
}
