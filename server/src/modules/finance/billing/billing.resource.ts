import {
  type BillRecord,
  billMeta,
  type CancellationRecord,
  type CollectionRecord,
  type CompanyBilling,
  cancellationMeta,
  companyBillingMeta,
  DOCUMENT_STATUS_CODE,
  type InvoiceRecord,
  type VoidRecord,
} from '@erp/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orgUnits, users } from '../../../db/schema';
import { anyContains, atLeast, atMost, equals, inOrgSubtree } from '../../../platform/resource/filters';
import { defineResource } from '../../../platform/resource/resource';
import { finProjects } from '../project/project.schema';
import { finBillCollections, finBills, finCancellationBills, finCompanyBilling, finInvoices, finInvoiceVoids } from './billing.schema';

const clientOrg = alias(orgUnits, 'fb_client');
const settleOrg = alias(orgUnits, 'fb_settle');
const deptOrg = alias(orgUnits, 'fb_dept');
const project = alias(finProjects, 'fb_project');

/** STATUS legend code of the approval state. */
const statusCode: SQL<string> = sql<string>`(CASE ${finBills.state} ${sql.join(
  Object.entries(DOCUMENT_STATUS_CODE).map(([state, code]) => sql`WHEN ${sql.raw(`'${state}'`)} THEN ${sql.raw(`'${code}'`)}`),
  sql` `,
)} ELSE '052' END)`;

export const billResource = defineResource<BillRecord, typeof finBills>({
  meta: billMeta,
  table: finBills,
  idColumn: finBills.id,
  select: {
    id: finBills.id,
    billNo: finBills.billNo,
    billType: finBills.billType,
    settleMethod: finBills.settleMethod,
    projectId: finBills.projectId,
    projectNo: project.projectNo,
    projectName: project.name,
    clientOrgId: finBills.clientOrgId,
    clientName: clientOrg.name,
    settleOrgId: finBills.settleOrgId,
    settleOrgName: settleOrg.name,
    deptId: finBills.deptId,
    deptName: deptOrg.name,
    month: finBills.month,
    taxRateBp: finBills.taxRateBp,
    amountExcl: finBills.amountExcl,
    taxAmount: finBills.taxAmount,
    amountIncl: finBills.amountIncl,
    state: finBills.state,
    status: statusCode,
    invoiceStatus: finBills.invoiceStatus,
    paymentStatus: finBills.paymentStatus,
    writeoffStatus: finBills.writeoffStatus,
    invoicedAmount: finBills.invoicedAmount,
    collectedAmount: finBills.collectedAmount,
    writtenOffAmount: finBills.writtenOffAmount,
    invoiceDate: finBills.invoiceDate,
    dueDate: finBills.dueDate,
    serialNumber: finBills.serialNumber,
    processInstanceId: finBills.processInstanceId,
    createdBy: finBills.createdBy,
    createdAt: finBills.createdAt,
    updatedAt: finBills.updatedAt,
  },
  joins: [
    { table: project, on: eq(project.id, finBills.projectId) },
    { table: clientOrg, on: eq(clientOrg.id, finBills.clientOrgId) },
    { table: settleOrg, on: eq(settleOrg.id, finBills.settleOrgId) },
    { table: deptOrg, on: eq(deptOrg.id, finBills.deptId) },
  ],
  filters: {
    keyword: anyContains(finBills.billNo, project.name, clientOrg.name),
    billType: equals(finBills.billType),
    projectId: equals(finBills.projectId),
    clientOrgId: equals(finBills.clientOrgId),
    settleOrgId: equals(finBills.settleOrgId),
    deptId: inOrgSubtree(finBills.deptId),
    month: equals(finBills.month),
    monthFrom: atLeast(finBills.month),
    monthTo: atMost(finBills.month),
    state: equals(finBills.state),
    invoiceStatus: equals(finBills.invoiceStatus),
    paymentStatus: equals(finBills.paymentStatus),
    writeoffStatus: equals(finBills.writeoffStatus),
  },
  sortable: {
    billNo: finBills.billNo,
    month: finBills.month,
    amountIncl: finBills.amountIncl,
    dueDate: finBills.dueDate,
    updatedAt: finBills.updatedAt,
  },
  defaultOrder: [desc(finBills.month), desc(finBills.id)],
  scope: { orgId: finBills.deptId, ownerUserId: finBills.managerUserId },
  softDelete: finBills.deletedAt,
});

/** Projects the user delivers: manages, or is on the team of. */
export const deliveredBy = (userId: number): SQL =>
  sql`(${finBills.managerUserId} = ${userId} OR EXISTS (SELECT 1 FROM fin_project_people pp WHERE pp.project_id = ${finBills.projectId} AND pp.user_id = ${userId}))`;

const invoiceBill = alias(finBills, 'fi_bill');
const invoiceProject = alias(finProjects, 'fi_project');
const invoiceClient = alias(orgUnits, 'fi_client');

export const invoiceResource = defineResource<InvoiceRecord, typeof finInvoices>({
  meta: { name: 'finInvoice', title: '发票', titleEn: 'Invoices', rowKey: 'id', fields: {} },
  table: finInvoices,
  idColumn: finInvoices.id,
  select: {
    id: finInvoices.id,
    billId: finInvoices.billId,
    billNo: invoiceBill.billNo,
    applyNo: finInvoices.applyNo,
    invoiceType: finInvoices.invoiceType,
    buyerName: finInvoices.buyerName,
    buyerTaxNo: finInvoices.buyerTaxNo,
    amountExcl: finInvoices.amountExcl,
    taxAmount: finInvoices.taxAmount,
    amountIncl: finInvoices.amountIncl,
    state: finInvoices.state,
    invoiceNo: finInvoices.invoiceNo,
    invoiceDate: finInvoices.invoiceDate,
    refuseReason: finInvoices.refuseReason,
    projectName: invoiceProject.name,
    clientName: invoiceClient.name,
    createdAt: finInvoices.createdAt,
  },
  joins: [
    { table: invoiceBill, on: eq(invoiceBill.id, finInvoices.billId) },
    { table: invoiceProject, on: eq(invoiceProject.id, invoiceBill.projectId) },
    { table: invoiceClient, on: eq(invoiceClient.id, invoiceBill.clientOrgId) },
  ],
  filters: {
    keyword: anyContains(finInvoices.invoiceNo, finInvoices.applyNo, invoiceBill.billNo, finInvoices.buyerName),
    state: equals(finInvoices.state),
    billId: equals(finInvoices.billId),
  },
  sortable: {},
  defaultOrder: [desc(finInvoices.id)],
  scope: { orgId: invoiceBill.deptId, ownerUserId: invoiceBill.managerUserId },
});

const collectionBill = alias(finBills, 'fc_bill');

export const collectionResource = defineResource<CollectionRecord, typeof finBillCollections>({
  meta: { name: 'finCollection', title: '回款', titleEn: 'Collections', rowKey: 'id', fields: {} },
  table: finBillCollections,
  idColumn: finBillCollections.id,
  select: {
    id: finBillCollections.id,
    billId: finBillCollections.billId,
    billNo: collectionBill.billNo,
    amount: finBillCollections.amount,
    collectedOn: finBillCollections.collectedOn,
    bankSerial: finBillCollections.bankSerial,
    payerName: finBillCollections.payerName,
    payerAccount: finBillCollections.payerAccount,
    batchNo: finBillCollections.batchNo,
    state: finBillCollections.state,
    remark: finBillCollections.remark,
    createdAt: finBillCollections.createdAt,
  },
  joins: [{ table: collectionBill, on: eq(collectionBill.id, finBillCollections.billId) }],
  filters: {
    billId: equals(finBillCollections.billId),
    keyword: anyContains(finBillCollections.bankSerial, collectionBill.billNo, finBillCollections.payerName),
    state: equals(finBillCollections.state),
  },
  sortable: {},
  defaultOrder: [desc(finBillCollections.collectedOn), desc(finBillCollections.id)],
  scope: { orgId: collectionBill.deptId, ownerUserId: collectionBill.managerUserId },
});

const voidInvoice = alias(finInvoices, 'fv_invoice');
const voidBill = alias(finBills, 'fv_bill');
const voidApplicant = alias(users, 'fv_user');

export const voidResource = defineResource<VoidRecord, typeof finInvoiceVoids>({
  meta: { name: 'finInvoiceVoid', title: '发票作废', titleEn: 'Invoice voids', rowKey: 'id', fields: {} },
  table: finInvoiceVoids,
  idColumn: finInvoiceVoids.id,
  select: {
    id: finInvoiceVoids.id,
    voidNo: finInvoiceVoids.voidNo,
    invoiceId: finInvoiceVoids.invoiceId,
    invoiceNo: voidInvoice.invoiceNo,
    billId: finInvoiceVoids.billId,
    billNo: voidBill.billNo,
    amountIncl: voidInvoice.amountIncl,
    reason: finInvoiceVoids.reason,
    state: finInvoiceVoids.state,
    message: finInvoiceVoids.message,
    createdBy: finInvoiceVoids.createdBy,
    createdByName: voidApplicant.realName,
    decidedAt: finInvoiceVoids.decidedAt,
    createdAt: finInvoiceVoids.createdAt,
  },
  joins: [
    { table: voidInvoice, on: eq(voidInvoice.id, finInvoiceVoids.invoiceId) },
    { table: voidBill, on: eq(voidBill.id, finInvoiceVoids.billId) },
    { table: voidApplicant, on: eq(voidApplicant.id, finInvoiceVoids.createdBy) },
  ],
  filters: {
    keyword: anyContains(finInvoiceVoids.voidNo, voidInvoice.invoiceNo, voidBill.billNo),
    state: equals(finInvoiceVoids.state),
  },
  sortable: {},
  defaultOrder: [desc(finInvoiceVoids.id)],
  scope: { orgId: voidBill.deptId, ownerUserId: voidBill.managerUserId },
});

const cancelBill = alias(finBills, 'fx_bill');
const cancelProject = alias(finProjects, 'fx_project');
const cancelClient = alias(orgUnits, 'fx_client');
const cancelStatus: SQL<string> = sql<string>`(CASE ${finCancellationBills.state} ${sql.join(
  Object.entries(DOCUMENT_STATUS_CODE).map(([state, code]) => sql`WHEN ${sql.raw(`'${state}'`)} THEN ${sql.raw(`'${code}'`)}`),
  sql` `,
)} ELSE '052' END)`;

export const cancellationResource = defineResource<CancellationRecord, typeof finCancellationBills>({
  meta: cancellationMeta,
  table: finCancellationBills,
  idColumn: finCancellationBills.id,
  select: {
    id: finCancellationBills.id,
    cancellationNo: finCancellationBills.cancellationNo,
    billId: finCancellationBills.billId,
    billNo: cancelBill.billNo,
    projectName: cancelProject.name,
    clientName: cancelClient.name,
    billAmountIncl: cancelBill.amountIncl,
    collectedAmount: cancelBill.collectedAmount,
    amount: finCancellationBills.amount,
    reason: finCancellationBills.reason,
    state: finCancellationBills.state,
    status: cancelStatus,
    fileId: finCancellationBills.fileId,
    processInstanceId: finCancellationBills.processInstanceId,
    createdBy: finCancellationBills.createdBy,
    createdAt: finCancellationBills.createdAt,
  },
  joins: [
    { table: cancelBill, on: eq(cancelBill.id, finCancellationBills.billId) },
    { table: cancelProject, on: eq(cancelProject.id, cancelBill.projectId) },
    { table: cancelClient, on: eq(cancelClient.id, cancelBill.clientOrgId) },
  ],
  filters: {
    keyword: anyContains(finCancellationBills.cancellationNo, cancelBill.billNo, cancelProject.name),
    billId: equals(finCancellationBills.billId),
    state: equals(finCancellationBills.state),
  },
  sortable: {},
  defaultOrder: [desc(finCancellationBills.id)],
  scope: { orgId: cancelBill.deptId, ownerUserId: cancelBill.managerUserId },
  softDelete: finCancellationBills.deletedAt,
});

/** Cancellation bills of the projects the user delivers. */
export const cancellationDeliveredBy = (userId: number): SQL =>
  sql`(${cancelBill.managerUserId} = ${userId} OR EXISTS (SELECT 1 FROM fin_project_people pp WHERE pp.project_id = ${cancelBill.projectId} AND pp.user_id = ${userId}))`;

const billingOrg = alias(orgUnits, 'fcb_org');

export const companyBillingResource = defineResource<CompanyBilling, typeof finCompanyBilling>({
  meta: companyBillingMeta,
  table: finCompanyBilling,
  idColumn: finCompanyBilling.id,
  select: {
    id: finCompanyBilling.id,
    orgId: finCompanyBilling.orgId,
    orgCode: billingOrg.code,
    orgName: billingOrg.name,
    isClient: billingOrg.isClient,
    taxNo: finCompanyBilling.taxNo,
    address: finCompanyBilling.address,
    phone: finCompanyBilling.phone,
    bankName: finCompanyBilling.bankName,
    bankAccount: finCompanyBilling.bankAccount,
    creditDays: finCompanyBilling.creditDays,
    updatedAt: finCompanyBilling.updatedAt,
  },
  joins: [{ table: billingOrg, on: eq(billingOrg.id, finCompanyBilling.orgId) }],
  filters: {
    keyword: anyContains(billingOrg.name, billingOrg.code, finCompanyBilling.taxNo),
    isClient: equals(billingOrg.isClient),
  },
  sortable: {},
  defaultOrder: [desc(billingOrg.isClient), billingOrg.code as unknown as SQL],
});
