import { ADVICE_MSG, ADVICE_PERM, ADVICE_STATE, type AdviceRecord, adviceMeta } from '@erp/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orgUnits, users } from '../../db/schema';
import { hasPermission, type Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { enqueue } from '../../platform/outbox/outbox';
import { equals, likePattern } from '../../platform/resource/filters';
import { defineResource } from '../../platform/resource/resource';
import { suggestionOwners, suggestions } from './front.schema';

const t = suggestions;
const replier = alias(users, 'advice_replier');

/** Reads never join the owners table: an anonymous suggestion has no author to show. */
export const adviceResource = defineResource<AdviceRecord, typeof t>({
  meta: adviceMeta,
  table: t,
  idColumn: t.id,
  select: {
    id: t.id,
    category: t.category,
    title: t.title,
    content: t.content,
    anonymous: t.anonymous,
    authorName: sql<string>`CASE WHEN ${t.anonymous} THEN '' ELSE coalesce(${users.realName}, '') END`,
    orgName: sql<string>`CASE WHEN ${t.anonymous} THEN '' ELSE coalesce(${orgUnits.name}, '') END`,
    state: t.state,
    reply: sql<string>`coalesce(${t.reply}, '')`,
    repliedByName: sql<string>`coalesce(${replier.realName}, '')`,
    repliedAt: t.repliedAt,
    createdAt: t.createdAt,
  },
  joins: [
    { table: users, on: eq(users.id, t.authorUserId) },
    { table: orgUnits, on: eq(orgUnits.id, t.orgId) },
    { table: replier, on: eq(replier.id, t.repliedBy) },
  ],
  filters: {
    keyword: (v) => (v ? sql`(${t.title} ILIKE ${likePattern(String(v))} OR ${t.content} ILIKE ${likePattern(String(v))})` : undefined),
    category: equals(t.category),
    state: equals(t.state),
  },
  sortable: { createdAt: t.createdAt },
  defaultOrder: [desc(t.createdAt)],
});

const mineCondition = (userId: number) => sql`${t.id} IN (SELECT suggestion_id FROM suggestion_owners WHERE user_id = ${userId})`;

export function advicePage(db: Db, user: Principal, input: { mine?: boolean } & Record<string, unknown>) {
  const all = !input.mine && hasPermission(user, ADVICE_PERM.handle);
  return adviceResource.page(db, input as never, null, all ? undefined : mineCondition(user.userId));
}

export async function addAdvice(db: Db, user: Principal, input: { category: string; title: string; content: string; anonymous: boolean }) {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ orgId: users.orgId }).from(users).where(eq(users.id, user.userId));
    const named = !input.anonymous;
    const [row] = await tx
      .insert(t)
      .values({
        category: input.category,
        title: input.title,
        content: input.content,
        anonymous: input.anonymous,
        authorUserId: named ? user.userId : null,
        orgId: named ? (me?.orgId ?? null) : null,
        createdBy: named ? user.userId : null,
        updatedBy: named ? user.userId : null,
      })
      .returning({ id: t.id });
    if (!row) throw new Error('suggestion insert returned nothing');
    await tx.insert(suggestionOwners).values({ suggestionId: row.id, userId: user.userId });
    return { id: row.id };
  });
}

async function openRow(tx: Db, id: number) {
  const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
  if (!row) throw notFound('建议不存在');
  if (row.state === ADVICE_STATE.closed) throw conflict(ADVICE_MSG.closed);
  return row;
}

/** Replies (again, if need be) and tells the author through the message centre — the handler never learns who that is. */
export async function replyAdvice(db: Db, user: Principal, input: { id: number; reply: string }): Promise<AdviceRecord> {
  return db.transaction(async (tx) => {
    const row = await openRow(tx, input.id);
    await tx
      .update(t)
      .set({ reply: input.reply, repliedBy: user.userId, repliedAt: new Date(), state: ADVICE_STATE.replied, updatedAt: new Date() })
      .where(eq(t.id, row.id));
    const [owner] = await tx.select({ userId: suggestionOwners.userId }).from(suggestionOwners).where(eq(suggestionOwners.suggestionId, row.id));
    if (owner)
      await enqueue(tx, 'notify', {
        receiverUserIds: [owner.userId],
        msgType: '004',
        title: `您的建议“${row.title}”有了回复`,
        content: input.reply,
        senderUserId: user.userId,
        link: '/listenToAdvice/recept',
      });
    return adviceResource.detail(tx, row.id, null);
  });
}

export async function closeAdvice(db: Db, user: Principal, id: number): Promise<AdviceRecord> {
  return db.transaction(async (tx) => {
    const row = await openRow(tx, id);
    await tx
      .update(t)
      .set({ state: ADVICE_STATE.closed, updatedAt: new Date(), updatedBy: user.userId })
      .where(and(eq(t.id, row.id)));
    return adviceResource.detail(tx, row.id, null);
  });
}
