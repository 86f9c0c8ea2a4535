import { HANDOVER_MSG, type HandoverResult, type Holdings } from '@erp/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { escapeHtml } from '../../platform/html';
import { enqueue } from '../../platform/outbox/outbox';
import { holdingProvider, holdingsWithItems, listHoldings } from './departure-holdings';

const CALL = 'POST /hr_api/hrm/handover/confirm';

/** An audit_log row as the JSON the bulk insert reads. */
interface AuditRow {
  user_id: number;
  user_code: string;
  call: string;
  record_id: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  ip: string | null;
  request_id: string | null;
}

async function person(db: Db, id: number) {
  const [u] = await db.select({ id: users.id, userCode: users.userCode, realName: users.realName, enabled: users.enabled }).from(users).where(eq(users.id, id));
  return u;
}

export async function holdingsOf(db: Db, userId: number): Promise<Holdings> {
  const user = await person(db, userId);
  if (!user) throw notFound('用户不存在');
  return { user, ...(await holdingsWithItems(db, userId)) };
}

export interface Assignment {
  group: string;
  toUserId: number;
  itemIds?: string[];
}

/**
 * Moves what a leaver holds to successors, all in one transaction: the per-item choices first,
 * then whole groups (what is left of them). Items asked for by id must all still be held, or
 * nothing moves (the screen was stale). Every moved item is an audit row; every successor gets one
 * message listing what arrived.
 */
export async function confirmHandover(
  db: Db,
  actor: Principal,
  input: { userId: number; assignments: Assignment[]; remark?: string },
  meta: { ip: string | null; requestId: string | null },
): Promise<HandoverResult> {
  const from = await person(db, input.userId);
  if (!from) throw notFound('用户不存在');
  const successorIds = [...new Set(input.assignments.map((a) => a.toUserId))];
  if (successorIds.includes(from.id)) throw badRequest(HANDOVER_MSG.sameUser);
  const successors = await db.select({ id: users.id, realName: users.realName, enabled: users.enabled }).from(users).where(inArray(users.id, successorIds));
  const names = new Map(successors.filter((s) => s.enabled).map((s) => [s.id, s.realName]));
  if (successorIds.some((id) => !names.has(id))) throw badRequest(HANDOVER_MSG.successorDisabled);
  const seen = new Map<string, Set<number>>();
  for (const a of input.assignments) {
    if (!holdingProvider(a.group)) throw badRequest(`${HANDOVER_MSG.unknownGroup}：${a.group}`);
    const set = seen.get(a.group) ?? new Set<number>();
    for (const id of a.itemIds ?? []) {
      if (set.has(Number(id))) throw badRequest(HANDOVER_MSG.itemTwice);
      set.add(Number(id));
    }
    seen.set(a.group, set);
  }
  const wholeGroups = new Set<string>();
  for (const a of input.assignments) {
    if (a.itemIds) continue;
    if (wholeGroups.has(a.group)) throw badRequest(HANDOVER_MSG.itemTwice);
    wholeGroups.add(a.group);
  }
  const ordered = [...input.assignments.filter((a) => a.itemIds), ...input.assignments.filter((a) => !a.itemIds)];
  const remark = input.remark?.trim() ?? '';

  return db.transaction(async (tx) => {
    const moved: HandoverResult['moved'] = [];
    const audit: AuditRow[] = [];
    const arrived = new Map<number, Array<{ title: string; items: string[]; count: number }>>();
    for (const a of ordered) {
      const provider = holdingProvider(a.group);
      if (!provider) continue;
      const itemIds = a.itemIds ? [...new Set(a.itemIds.map(Number))] : null;
      const items = await provider.move(tx, {
        fromUserId: from.id,
        toUserId: a.toUserId,
        itemIds,
        exclude: itemIds ? [] : [...(seen.get(a.group) ?? [])],
        actorUserId: actor.userId,
        remark,
      });
      if (itemIds && items.length !== itemIds.length) throw conflict(HANDOVER_MSG.nothingToMove);
      if (!items.length) continue;
      moved.push({ group: a.group, title: provider.title, toUserId: a.toUserId, toUserName: names.get(a.toUserId) ?? '', count: items.length });
      const list = arrived.get(a.toUserId) ?? [];
      list.push({ title: provider.title, items: items.slice(0, 10).map((i) => i.title), count: items.length });
      arrived.set(a.toUserId, list);
      for (const i of items)
        audit.push({
          user_id: actor.userId,
          user_code: actor.userCode,
          call: CALL,
          record_id: `${a.group}:${i.id}`.slice(0, 64),
          before: { group: a.group, holderUserId: from.id, title: i.title },
          after: { group: a.group, holderUserId: a.toUserId, remark },
          ip: meta.ip,
          request_id: meta.requestId,
        });
    }
    // One statement with one JSON parameter: 5,000 rows of nine parameters each cost seconds to bind.
    if (audit.length)
      await tx.execute(sql`INSERT INTO audit_log (user_id, user_code, call, record_id, before, after, ip, request_id)
        SELECT r.user_id, r.user_code, r.call, r.record_id, r.before, r.after, r.ip, r.request_id
        FROM jsonb_to_recordset(${JSON.stringify(audit)}::jsonb)
          AS r(user_id int, user_code varchar, call varchar, record_id varchar, before jsonb, after jsonb, ip varchar, request_id varchar)`);
    for (const [toUserId, groups] of arrived) {
      const lines = groups.map((g) => `<li>${g.title} ${g.count} 项：${g.items.map(escapeHtml).join('、')}${g.count > g.items.length ? ' 等' : ''}</li>`);
      await enqueue(tx, 'notify', {
        receiverUserIds: [toUserId],
        msgType: '003',
        title: `工作交接：${from.realName} 的工作已交给您`,
        content: `<p>${escapeHtml(from.realName)}（${escapeHtml(from.userCode)}）的以下工作已交接给您${remark ? `（${escapeHtml(remark)}）` : ''}：</p><ul>${lines.join('')}</ul>`,
        senderUserId: actor.userId,
        link: '/backlog/index',
      });
    }
    const remaining = await listHoldings(tx, from.id);
    return { moved, total: moved.reduce((s, m) => s + m.count, 0), remaining: remaining.total };
  });
}
