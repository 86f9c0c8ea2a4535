import { CARD_MSG, CARD_PERM, CARD_PROCESS_KEY, type CardFace, type CardRecord, cardMeta, DOCUMENT_STATUS_CODE, EMPLOY_STATE } from '@erp/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { employees, orgUnits, users } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { defineDocument } from '../../platform/document/business-document';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { likePattern } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import { sketchXml } from '../../workflow/bpmn-builder';
import { assertReadable, taskCommands } from '../hr/hr-document-kit';
import { cardRequests } from './front.schema';

const t = cardRequests;
const calendar = new BusinessCalendar();

/** Administration (role hr) checks the proof and sends it to the printer. */
export const CARD_PROCESS_XML = sketchXml({
  key: CARD_PROCESS_KEY,
  name: '名片申请审批',
  erp: { fallbackUser: 'admin', revocable: 'untouched', category: 'ADMIN' },
  nodes: [
    { id: 'start', type: 'startEvent', name: '发起申请' },
    { id: 'adminApprove', type: 'userTask', name: '行政审批', erp: { assigneeType: 'role', assigneeValue: 'hr', mode: 'any' } },
    { id: 'end', type: 'endEvent', name: '结束' },
  ],
  flows: [
    ['flow1', 'start', 'adminApprove'],
    ['flow2', 'adminApprove', 'end'],
  ],
});

export const cardDocument = defineDocument({
  processKey: CARD_PROCESS_KEY,
  prefix: 'MP',
  name: '名片申请',
  table: t,
  columns: { id: t.id, state: t.state, instanceId: t.processInstanceId, documentNo: t.documentNo },
  defaultDefinitionXml: CARD_PROCESS_XML,
});
export const cardCommands = taskCommands(cardDocument);

export const cardResource = defineResource<CardRecord, typeof t>({
  meta: cardMeta,
  table: t,
  idColumn: t.id,
  select: {
    id: t.id,
    documentNo: sql<string>`coalesce(${t.documentNo}, '')`,
    state: t.state,
    status: sql<string>`CASE ${t.state} ${sql.join(
      Object.entries(DOCUMENT_STATUS_CODE).map(([s, c]) => sql.raw(`WHEN '${s}' THEN '${c}'`)),
      sql` `,
    )} ELSE '${sql.raw(DOCUMENT_STATUS_CODE.draft)}' END`,
    processInstanceId: t.processInstanceId,
    userId: t.userId,
    name: t.name,
    englishName: sql<string>`coalesce(${t.englishName}, '')`,
    companyName: t.companyName,
    deptName: t.deptName,
    positionName: t.positionName,
    mobile: t.mobile,
    email: t.email,
    address: sql<string>`coalesce(${t.address}, '')`,
    boxes: t.boxes,
    createdAt: t.createdAt,
  },
  filters: { keyword: (v) => (v ? sql`(${t.documentNo} ILIKE ${likePattern(String(v))} OR ${t.name} ILIKE ${likePattern(String(v))})` : undefined) },
  sortable: { createdAt: t.createdAt },
  defaultOrder: [desc(t.createdAt)],
  scope: { orgId: t.orgId, ownerUserId: t.userId },
});

/** The employee of the signed-in user, employed. */
async function me(db: Db, user: Principal) {
  const [e] = await db.select().from(employees).where(eq(employees.userId, user.userId)).limit(1);
  if (!e) throw badRequest(CARD_MSG.noEmployee);
  if (e.employState === EMPLOY_STATE.resigned || (e.leaveDate && e.leaveDate < calendar.day())) throw badRequest(CARD_MSG.resigned);
  return e;
}

/** The card as the record gives it. */
export async function cardDefaults(db: Db, user: Principal): Promise<CardFace> {
  const e = await me(db, user);
  const [row] = await db
    .select({
      deptName: orgUnits.name,
      companyName: sql<string>`(SELECT name FROM org_units c WHERE c.id = ${employees.companyId})`,
      mobile: sql<string>`coalesce(${employees.phone}, ${users.phone}, '')`,
      email: sql<string>`coalesce(${employees.email}, ${users.email}, '')`,
    })
    .from(employees)
    .leftJoin(orgUnits, eq(orgUnits.id, employees.orgId))
    .leftJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.id, e.id));
  return {
    name: e.name,
    englishName: '',
    companyName: row?.companyName ?? '',
    deptName: row?.deptName ?? '',
    positionName: e.positionName ?? '',
    mobile: row?.mobile ?? '',
    email: row?.email ?? '',
    address: '',
  };
}

export function cardPage(db: Db, user: Principal, input: { mine?: boolean } & Record<string, unknown>) {
  return !input.mine && hasPermission(user, CARD_PERM.list)
    ? cardResource.page(db, input as never, user)
    : cardResource.page(db, input as never, null, sql`${t.userId} = ${user.userId}`);
}

export async function cardDetail(db: Db, user: Principal, ref: { id?: number; processInstanceId?: number }): Promise<CardRecord> {
  const row = ref.id ? await cardDocument.row(db, ref.id) : await cardDocument.byInstance(db, ref.processInstanceId as number);
  if (!row) throw notFound('名片申请不存在');
  await assertReadable(db, user, row, CARD_PERM.list);
  return cardResource.detail(db, row.id, null);
}

export async function addCard(db: Db, user: Principal, input: { boxes: number; englishName?: string | null; address?: string | null }) {
  return db.transaction(async (tx) => {
    const e = await me(tx, user);
    await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, e.id)).for('update');
    const [open] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.userId, user.userId), inArray(t.state, ['draft', 'approving', 'returned'])))
      .limit(1);
    if (open) throw conflict(CARD_MSG.open);
    const face = await cardDefaults(tx, user);
    const [row] = await tx
      .insert(t)
      .values({
        ...face,
        englishName: input.englishName || null,
        address: input.address || null,
        boxes: input.boxes,
        userId: user.userId,
        employeeId: e.id,
        orgId: e.orgId,
        createdBy: user.userId,
        updatedBy: user.userId,
      })
      .returning();
    if (!row) throw new Error('card insert returned nothing');
    await cardDocument.submit(tx, { id: row.id, userId: user.userId, title: `${e.name} 名片申请（${input.boxes}盒）`, vars: { orgId: e.orgId } });
    const saved = await cardDocument.row(tx, row.id);
    return { id: saved.id, documentNo: saved.documentNo ?? '', state: saved.state, processInstanceId: saved.processInstanceId };
  });
}
