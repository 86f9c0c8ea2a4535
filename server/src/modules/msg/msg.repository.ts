import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { messageReceivers, messages, orgUnits, outbox, users } from '../../db/schema';
import { orgSubtreeIds } from '../../platform/auth/org-subtree';
import type { Db } from '../../platform/db';
import { queryRows } from '../../platform/db';
import type { MessageReceiverRow, MessageRow } from './msg.schema';

export type NewMessage = typeof messages.$inferInsert;

export interface InboxFilter {
  msgType?: string;
  readStatus?: '0' | '1';
  keyword?: string;
  /** Leave out messages past their expiry (the workbench carousel). */
  unexpired?: boolean;
}

/** Who a message is addressed to, resolved to users when its copies are made. */
export type ReceiverScope = { kind: 'all' } | { kind: 'org'; orgId: number } | { kind: 'users'; ids: number[] } | { kind: 'roles'; ids: number[] };

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export interface InboxRow {
  r: MessageReceiverRow;
  m: MessageRow;
  senderName: string | null;
}

/** A copy is dated when its message reached the receivers: the publish time of a scheduled notice. */
const copyTime = (m: MessageRow) => m.publishAt ?? m.createdAt;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The only place the message centre touches the database. */
export class MsgRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): MsgRepository {
    return new MsgRepository(db);
  }

  /** Unread counts by type, from the partial index on unread copies. */
  async unreadByType(userId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ msgType: messageReceivers.msgType, n: count() })
      .from(messageReceivers)
      .where(and(eq(messageReceivers.userId, userId), isNull(messageReceivers.readAt), isNull(messageReceivers.deletedAt)))
      .groupBy(messageReceivers.msgType);
    return new Map(rows.map((r) => [r.msgType, Number(r.n)]));
  }

  private inboxWhere(userId: number, f: InboxFilter): SQL | undefined {
    const conds: (SQL | undefined)[] = [eq(messageReceivers.userId, userId), isNull(messageReceivers.deletedAt), isNull(messages.deletedAt)];
    if (f.msgType) conds.push(eq(messageReceivers.msgType, f.msgType));
    if (f.readStatus === '0') conds.push(isNull(messageReceivers.readAt));
    if (f.readStatus === '1') conds.push(isNotNull(messageReceivers.readAt));
    if (f.unexpired) conds.push(or(isNull(messages.expireAt), sql`${messages.expireAt} > now()`));
    if (f.keyword) {
      const like = `%${escapeLike(f.keyword)}%`;
      conds.push(or(ilike(messages.title, like), ilike(messages.summary, like)));
    }
    return and(...conds);
  }

  async inbox(userId: number, f: InboxFilter, limit: number, offset: number): Promise<{ rows: InboxRow[]; total: number }> {
    const where = this.inboxWhere(userId, f);
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select({ r: messageReceivers, m: messages, senderName: users.realName })
        .from(messageReceivers)
        .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
        .leftJoin(users, eq(users.id, messages.senderId))
        .where(where)
        .orderBy(desc(sql`(${messageReceivers.topFlag} OR ${messages.topFlag})`), desc(messageReceivers.createdAt), desc(messageReceivers.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(messageReceivers).innerJoin(messages, eq(messages.id, messageReceivers.messageId)).where(where),
    ]);
    return { rows, total: Number(totalRow?.n ?? 0) };
  }

  async copyOf(userId: number, messageId: number): Promise<InboxRow | undefined> {
    const [row] = await this.db
      .select({ r: messageReceivers, m: messages, senderName: users.realName })
      .from(messageReceivers)
      .innerJoin(messages, eq(messages.id, messageReceivers.messageId))
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(
        and(eq(messageReceivers.userId, userId), eq(messageReceivers.messageId, messageId), isNull(messageReceivers.deletedAt), isNull(messages.deletedAt)),
      );
    return row;
  }

  async markRead(userId: number, opts: { messageIds?: number[]; msgType?: string }): Promise<number> {
    const conds: (SQL | undefined)[] = [eq(messageReceivers.userId, userId), isNull(messageReceivers.readAt), isNull(messageReceivers.deletedAt)];
    if (opts.messageIds) conds.push(inArray(messageReceivers.messageId, opts.messageIds.length ? opts.messageIds : [0]));
    if (opts.msgType) conds.push(eq(messageReceivers.msgType, opts.msgType));
    const rows = await this.db
      .update(messageReceivers)
      .set({ readAt: new Date() })
      .where(and(...conds))
      .returning({ id: messageReceivers.id });
    return rows.length;
  }

  async setTop(userId: number, messageId: number, top: boolean): Promise<number> {
    const rows = await this.db
      .update(messageReceivers)
      .set({ topFlag: top })
      .where(and(eq(messageReceivers.userId, userId), eq(messageReceivers.messageId, messageId), isNull(messageReceivers.deletedAt)))
      .returning({ id: messageReceivers.id });
    return rows.length;
  }

  async removeCopy(userId: number, messageId: number): Promise<number> {
    const rows = await this.db
      .update(messageReceivers)
      .set({ deletedAt: new Date() })
      .where(and(eq(messageReceivers.userId, userId), eq(messageReceivers.messageId, messageId), isNull(messageReceivers.deletedAt)))
      .returning({ id: messageReceivers.id });
    return rows.length;
  }

  async message(messageId: number): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)));
    return row;
  }

  /** Withdraws a message for everyone: the message and every copy are soft-deleted. Returns the receivers. */
  async withdraw(messageId: number, byUserId: number): Promise<number[]> {
    const now = new Date();
    await this.db.update(messages).set({ deletedAt: now, updatedAt: now, updatedBy: byUserId }).where(eq(messages.id, messageId));
    const rows = await this.db
      .update(messageReceivers)
      .set({ deletedAt: now })
      .where(and(eq(messageReceivers.messageId, messageId), isNull(messageReceivers.deletedAt)))
      .returning({ userId: messageReceivers.userId });
    return rows.map((r) => r.userId);
  }

  async insertMessage(row: NewMessage): Promise<MessageRow> {
    const [inserted] = await this.db.insert(messages).values(row).returning();
    if (!inserted) throw new Error('message not inserted');
    return inserted;
  }

  async updateMessage(messageId: number, set: Partial<NewMessage>): Promise<void> {
    await this.db.update(messages).set(set).where(eq(messages.id, messageId));
  }

  /**
   * Many notices to listed users at once (the outbox's `notify` batch): each notice's message and
   * its enabled receivers' copies, in one statement. Ids are drawn from the sequence first so that
   * every copy names its message without a round trip. A notice with no enabled receiver gets no
   * message. Answers, per notice that got one, its position, message id and receivers.
   */
  async insertNotices(
    notices: Array<Pick<NewMessage, 'msgType' | 'title' | 'content' | 'summary' | 'senderId' | 'link' | 'todo'> & { receiverUserIds: number[] }>,
  ): Promise<Array<{ ord: number; id: number; userIds: number[] }>> {
    if (!notices.length) return [];
    const data = notices.map((n, ord) => ({
      ord,
      msg_type: n.msgType,
      title: n.title,
      content: n.content,
      summary: n.summary ?? '',
      sender_id: n.senderId ?? null,
      link: n.link ?? null,
      todo: n.todo ?? null,
      receivers: [...new Set(n.receiverUserIds)],
    }));
    const rows = await queryRows<{ ord: number; id: number; ids: number[] }>(
      this.db,
      sql`WITH d AS MATERIALIZED (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb)
            AS x(ord int, msg_type varchar, title varchar, content text, summary varchar, sender_id int, link varchar, todo jsonb, receivers int[])
        ), ok AS MATERIALIZED (
          SELECT d.ord, array_agg(u.id ORDER BY u.id) AS ids FROM d JOIN users u ON u.id = ANY (d.receivers) AND u.enabled GROUP BY d.ord
        ), ids AS MATERIALIZED (
          SELECT ok.ord, ok.ids, nextval(pg_get_serial_sequence('messages', 'id'))::int AS id FROM ok
        ), m AS (
          INSERT INTO messages (id, msg_type, title, content, summary, sender_id, link, receiver_scope, receiver_user_ids, todo)
          SELECT i.id, d.msg_type, d.title, d.content, d.summary, d.sender_id, d.link, 'users', to_jsonb(i.ids), d.todo FROM ids i JOIN d USING (ord)
        ), r AS (
          INSERT INTO message_receivers (message_id, user_id, msg_type, top_flag, created_at)
          SELECT i.id, u.id, d.msg_type, false, now() FROM ids i JOIN d USING (ord) CROSS JOIN LATERAL unnest(i.ids) AS u(id)
        )
        SELECT ord, id, ids FROM ids ORDER BY ord`,
    );
    return rows.map((r) => ({ ord: Number(r.ord), id: Number(r.id), userIds: r.ids.map(Number) }));
  }

  /** Enabled users among the given ids. */
  async enabledUsers(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.enabled, true)));
    return rows.map((r) => r.id);
  }

  /** Copies a message to receivers in one statement (everyone, an organisation subtree, or a list). */
  async addReceivers(message: MessageRow, scope: ReceiverScope): Promise<number[]> {
    let who: SQL;
    if (scope.kind === 'all') who = sql`SELECT id FROM users WHERE enabled`;
    else if (scope.kind === 'org') who = sql`SELECT u.id FROM users u WHERE u.enabled AND u.org_id IN (${orgSubtreeIds(scope.orgId)})`;
    else if (scope.kind === 'roles') {
      if (!scope.ids.length) return [];
      who = sql`SELECT DISTINCT u.id FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE u.enabled AND ur.role_id IN (${idList(scope.ids)})`;
    } else {
      if (!scope.ids.length) return [];
      who = sql`SELECT id FROM users WHERE enabled AND id IN (${idList(scope.ids)})`;
    }
    const rows = await queryRows<{ user_id: number }>(
      this.db,
      sql`INSERT INTO message_receivers (message_id, user_id, msg_type, top_flag, created_at) SELECT ${message.id}, w.id, ${message.msgType}, false, ${copyTime(message)} FROM (${who}) w RETURNING user_id`,
    );
    return rows.map((r) => Number(r.user_id));
  }

  /** Roles of these ids that exist (a notice by role names only these). */
  async existingRoleIds(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await queryRows<{ id: number }>(this.db, sql`SELECT id FROM roles WHERE id IN (${idList(ids)})`);
    return rows.map((r) => Number(r.id));
  }

  async enabledRoles(): Promise<Array<{ id: number; name: string }>> {
    const rows = await queryRows<{ id: number; name: string }>(this.db, sql`SELECT id, name FROM roles WHERE enabled ORDER BY sort, id`);
    return rows.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  /** Locks a scheduled message that is still to publish (not withdrawn); undefined otherwise. */
  async lockLiveMessage(messageId: number): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, messageId), isNull(messages.deletedAt)))
      .for('update');
    return row;
  }

  /**
   * Copies a message to every enabled user but `exceptUserIds` (who have theirs already); answers how
   * many (the ids of ~50,000 rows are not sent back). Nothing when the message was withdrawn meanwhile:
   * the message row is locked first, so a withdrawal either sees these copies or happened before.
   */
  async addAllReceivers(message: MessageRow, exceptUserIds: number[] = []): Promise<number> {
    const live = await queryRows(this.db, sql`SELECT id FROM messages WHERE id = ${message.id} AND deleted_at IS NULL FOR UPDATE`);
    if (!live.length) return 0;
    // A PostgreSQL array literal of integers (ids are numbers from our own tables).
    const except = `{${exceptUserIds.map((id) => Math.trunc(id)).join(',')}}`;
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`WITH ins AS (INSERT INTO message_receivers (message_id, user_id, msg_type, top_flag, created_at) SELECT ${message.id}, id, ${message.msgType}, false, ${copyTime(message)} FROM users WHERE enabled AND id <> ALL (${except}::int[]) RETURNING 1) SELECT count(*)::int AS n FROM ins`,
    );
    return Number(row?.n ?? 0);
  }

  async copyCount(messageId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(messageReceivers).where(eq(messageReceivers.messageId, messageId));
    return Number(row?.n ?? 0);
  }

  /** Locks a pending outbox item for this transaction; undefined when it is done (or was never there). */
  async claimOutboxItem(id: number): Promise<{ payload: unknown } | undefined> {
    const [row] = await queryRows<{ payload: unknown }>(this.db, sql`SELECT payload FROM outbox WHERE id = ${id} AND status = 'pending' FOR UPDATE`);
    return row;
  }

  async finishOutboxItem(id: number): Promise<void> {
    await this.db.update(outbox).set({ status: 'done', doneAt: new Date() }).where(eq(outbox.id, id));
  }

  async orgExists(orgId: number): Promise<boolean> {
    const [row] = await this.db.select({ id: orgUnits.id }).from(orgUnits).where(eq(orgUnits.id, orgId));
    return !!row;
  }

  async published(
    f: { msgType?: string; keyword?: string },
    limit: number,
    offset: number,
  ): Promise<{ rows: Array<{ m: MessageRow; senderName: string | null }>; total: number }> {
    // Workflow notices (to-dos, cc, reminders) are the engine's, not anyone's publication: not listed for management.
    const conds: (SQL | undefined)[] = [isNull(messages.deletedAt), isNull(messages.todo)];
    if (f.msgType) conds.push(eq(messages.msgType, f.msgType));
    if (f.keyword) conds.push(ilike(messages.title, `%${escapeLike(f.keyword)}%`));
    const where = and(...conds);
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select({ m: messages, senderName: users.realName })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.senderId))
        .where(where)
        .orderBy(desc(messages.topFlag), desc(messages.createdAt), desc(messages.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(messages).where(where),
    ]);
    return { rows, total: Number(totalRow?.n ?? 0) };
  }

  async senderName(userId: number | null): Promise<string | null> {
    if (!userId) return null;
    const [row] = await this.db.select({ name: users.realName }).from(users).where(eq(users.id, userId));
    return row?.name ?? null;
  }

  async readCounts(messageIds: number[]): Promise<Map<number, { receivers: number; read: number }>> {
    if (!messageIds.length) return new Map();
    const rows = await this.db
      .select({
        messageId: messageReceivers.messageId,
        receivers: count(),
        read: sql<number>`count(${messageReceivers.readAt})`,
      })
      .from(messageReceivers)
      .where(inArray(messageReceivers.messageId, messageIds))
      .groupBy(messageReceivers.messageId);
    return new Map(rows.map((r) => [r.messageId, { receivers: Number(r.receivers), read: Number(r.read) }]));
  }

  /** Whether the user holds a live copy of a message that carries this attachment. */
  async receivesAttachment(userId: number, fileId: number): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`SELECT 1 FROM message_receivers r JOIN messages m ON m.id = r.message_id WHERE r.user_id = ${userId} AND r.deleted_at IS NULL AND m.deleted_at IS NULL AND m.attachment_ids @> ${JSON.stringify([fileId])}::jsonb LIMIT 1`,
    );
    return rows.length > 0;
  }
}
