import {
  type MessageDetail,
  type MessageItem,
  MSG_PERM,
  MSG_PUBLISH_MSG,
  MSG_TYPES,
  type MsgType,
  type Page,
  type PublishedMessage,
  type UnreadCount,
} from '@erp/contract';
import type { Principal } from '../../platform/auth/principal';
import { hasPermission } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import type { Db } from '../../platform/db';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { pageOfRows, pageWindow } from '../../platform/http/paging';
import { enqueue, type NotifyPayload, type OutboxTopics } from '../../platform/outbox/outbox';
import type { FileService } from '../file/file.service';
import type { LiveChannel } from './live-channel';
import type { InboxFilter, InboxRow, MsgRepository, ReceiverScope } from './msg.repository';
import type { MessageRow } from './msg.schema';
import { plainExcerpt, sanitizeMessageHtml } from './sanitize';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** When workers take over the rest of a notice to everyone that its publishing call did not finish. */
export const COPIES_RETRY_AFTER_MS = 30_000;

function itemOf({ r, m, senderName }: InboxRow): MessageItem {
  return {
    messageId: m.id,
    receiverId: r.id,
    userId: r.userId,
    msgType: m.msgType as MsgType,
    title: m.title,
    summary: m.summary,
    readStatus: r.readAt ? '1' : '0',
    topFlag: r.topFlag || m.topFlag ? '1' : '0',
    senderId: m.senderId,
    senderName,
    link: m.link,
    createTime: r.createdAt.toISOString(),
    readTime: iso(r.readAt),
    hasAttachment: m.attachmentIds.length > 0,
  };
}

export interface PublishInput {
  title: string;
  content: string;
  topFlag: '0' | '1';
  fileIds: number[];
  msgType: MsgType;
  receiverScope: 'all' | 'org' | 'users' | 'roles';
  receiverOrgId?: number;
  receiverUserIds?: number[];
  receiverRoleIds?: number[];
  publishAt?: string;
  expireAt?: string;
}

/** A publish time within this of now is "now" (the form's default, a slow click); one earlier is refused. */
const NOW_WINDOW_MS = 60_000;
const MAX_SCHEDULE_MS = 366 * 86_400_000;

/** The scope a stored message was addressed to. */
function scopeOfRow(m: MessageRow): ReceiverScope {
  if (m.receiverScope === 'org' && m.receiverOrgId) return { kind: 'org', orgId: m.receiverOrgId };
  if (m.receiverScope === 'users') return { kind: 'users', ids: m.receiverUserIds };
  if (m.receiverScope === 'roles') return { kind: 'roles', ids: m.receiverRoleIds };
  return { kind: 'all' };
}

/** The message centre: a user's inbox, publishing notices, and turning workflow notices into messages. */
export class MsgService {
  constructor(
    private readonly repo: MsgRepository,
    private readonly db: Db,
    private readonly files: () => FileService,
    private readonly live: () => LiveChannel | undefined,
    /** Months of the list by month are the company's (BUSINESS_TIME_ZONE). */
    private readonly calendar = new BusinessCalendar(),
  ) {}

  async unreadCounts(userId: number): Promise<UnreadCount[]> {
    const counts = await this.repo.unreadByType(userId);
    // Spec 000 §3: type 002 is always shown as 0.
    return MSG_TYPES.map((msgType) => ({ msgType, unReadNum: msgType === '002' ? 0 : (counts.get(msgType) ?? 0) }));
  }

  async inbox(user: Principal, f: InboxFilter, page: { pageIndex: number; pageSize: number }): Promise<Page<MessageItem>> {
    const { limit, offset } = pageWindow(page);
    const { rows, total } = await this.repo.inbox(user.userId, f, limit, offset);
    return pageOfRows(rows.map(itemOf), total, page);
  }

  async inboxByMonth(
    user: Principal,
    f: InboxFilter,
    page: { pageIndex: number; pageSize: number },
  ): Promise<Page<{ month: string; messageList: MessageItem[] }>> {
    const { records, total } = await this.inbox(user, f, page);
    const groups: Array<{ month: string; messageList: MessageItem[] }> = [];
    for (const item of records) {
      const month = this.calendar.month(new Date(item.createTime));
      const last = groups[groups.length - 1];
      if (last?.month === month) last.messageList.push(item);
      else groups.push({ month, messageList: [item] });
    }
    return pageOfRows(groups, total, page);
  }

  async carousel(user: Principal, limit: number) {
    const { rows } = await this.repo.inbox(user.userId, { msgType: '003', unexpired: true }, limit, 0);
    return rows.map(({ r, m }) => ({
      messageId: m.id,
      receiverId: r.id,
      userId: r.userId,
      msgType: m.msgType as MsgType,
      title: m.title,
      content: m.content,
      readStatus: r.readAt ? ('1' as const) : ('0' as const),
      createTime: r.createdAt.toISOString(),
    }));
  }

  /** One message of the user's own inbox; anyone else's answers 404. */
  async detail(user: Principal, messageId: number, markRead: boolean): Promise<MessageDetail> {
    const row = await this.repo.copyOf(user.userId, messageId);
    if (!row) throw notFound('消息不存在或已被删除');
    if (markRead && !row.r.readAt) {
      await this.repo.markRead(user.userId, { messageIds: [messageId] });
      row.r.readAt = new Date();
      await this.pushCounts(user.userId);
    }
    return { ...itemOf(row), content: row.m.content, attachments: await this.files().entries(row.m.attachmentIds) };
  }

  async markRead(user: Principal, opts: { messageIds?: number[]; msgType?: MsgType }): Promise<number> {
    const updated = await this.repo.markRead(user.userId, opts);
    if (updated) await this.pushCounts(user.userId);
    return updated;
  }

  async setTop(user: Principal, messageId: number, top: boolean): Promise<void> {
    if (!(await this.repo.setTop(user.userId, messageId, top))) throw notFound('消息不存在或已被删除');
  }

  async remove(user: Principal, messageId: number, scope: 'mine' | 'all'): Promise<void> {
    if (scope === 'mine') {
      if (!(await this.repo.removeCopy(user.userId, messageId))) throw notFound('消息不存在或已被删除');
      await this.pushCounts(user.userId);
      return;
    }
    if (!hasPermission(user, MSG_PERM.manage)) throw forbidden();
    const message = await this.repo.message(messageId);
    if (!message || message.todo) throw notFound('消息不存在或已被删除');
    const receivers = await this.db.transaction((tx) => this.repo.with(tx).withdraw(messageId, user.userId));
    // Receivers' counts and lists change: the same push as a new message makes them refresh.
    await this.live()?.send(receivers, { type: 'message', messageId, msgType: message.msgType as MsgType, title: message.title });
  }

  async publish(user: Principal, input: PublishInput): Promise<{ messageId: number; receiverCount: number }> {
    const content = sanitizeMessageHtml(input.content);
    if (!plainExcerpt(content) && !/<img/i.test(content)) throw badRequest('content：内容不能为空');
    if (input.fileIds.length) await this.files().ownedRows(user, input.fileIds);
    let scope: ReceiverScope;
    if (input.receiverScope === 'org') {
      if (!input.receiverOrgId) throw badRequest('receiverOrgId：请选择接收部门');
      if (!(await this.repo.orgExists(input.receiverOrgId))) throw badRequest('receiverOrgId：部门不存在');
      scope = { kind: 'org', orgId: input.receiverOrgId };
    } else if (input.receiverScope === 'users') {
      const ids = [...new Set(input.receiverUserIds ?? [])];
      if (!ids.length) throw badRequest('receiverUserIds：请选择接收人');
      scope = { kind: 'users', ids };
    } else if (input.receiverScope === 'roles') {
      const ids = [...new Set(input.receiverRoleIds ?? [])];
      if (!ids.length) throw badRequest(`receiverRoleIds：${MSG_PUBLISH_MSG.rolesRequired}`);
      if ((await this.repo.existingRoleIds(ids)).length !== ids.length) throw badRequest(`receiverRoleIds：${MSG_PUBLISH_MSG.roleUnknown}`);
      scope = { kind: 'roles', ids };
    } else scope = { kind: 'all' };
    const { publishAt, expireAt } = this.schedule(input);
    const row = {
      msgType: input.msgType,
      title: input.title,
      content,
      summary: plainExcerpt(content),
      senderId: user.userId,
      receiverScope: input.receiverScope,
      receiverOrgId: scope.kind === 'org' ? scope.orgId : null,
      receiverUserIds: scope.kind === 'users' ? scope.ids : [],
      receiverRoleIds: scope.kind === 'roles' ? scope.ids : [],
      attachmentIds: input.fileIds,
      topFlag: input.topFlag === '1',
      publishAt,
      expireAt,
      createdBy: user.userId,
      updatedBy: user.userId,
    };
    if (publishAt) {
      // Later: stored now, copied to its receivers when an outbox item falls due (any process, once).
      const message = await this.db.transaction(async (tx) => {
        const message = await this.repo.with(tx).insertMessage(row);
        await enqueue(tx, 'msg.publish', { messageId: message.id }, { delayMs: Math.max(0, publishAt.getTime() - Date.now()) });
        return message;
      });
      return { messageId: message.id, receiverCount: 0 };
    }

    // A notice to everyone: the users online on this process get their copies and the push first;
    // the other ~50,000 copies follow in a second transaction (an outbox item makes sure they do).
    const online = scope.kind === 'all' ? (this.live()?.onlineUserIds() ?? []) : [];
    const { message, receivers, rest } = await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      const message = await repo.insertMessage(row);
      if (scope.kind !== 'all') return { message, receivers: await repo.addReceivers(message, scope), rest: null };
      const first = online.length ? await repo.addReceivers(message, { kind: 'users', ids: online }) : [];
      const rest = await enqueue(tx, 'msg.copies', { messageId: message.id, exceptUserIds: first }, { delayMs: COPIES_RETRY_AFTER_MS });
      return { message, receivers: first, rest };
    });
    const event = { type: 'message' as const, messageId: message.id, msgType: input.msgType, title: input.title };
    await this.live()?.send(receivers, event);
    let receiverCount = receivers.length;
    if (rest !== null) {
      const added = await this.completeCopies(rest, message, receivers);
      // null: a worker completed them (only after COPIES_RETRY_AFTER_MS): count what is stored.
      receiverCount = added === null ? await this.repo.copyCount(message.id) : receiverCount + added;
    }
    if (!receiverCount) {
      // Nobody to receive it (e.g. an empty department): keep nothing.
      await this.db.transaction((tx) => this.repo.with(tx).withdraw(message.id, user.userId));
      throw badRequest('没有可接收该消息的用户');
    }
    return { messageId: message.id, receiverCount };
  }

  roleOptions(): Promise<Array<{ id: number; name: string }>> {
    return this.repo.enabledRoles();
  }

  /** A changed expiry: after the publish time (or now, for one published already); null: never. */
  private expiryOf(m: MessageRow, expireAt: string | null): Date | null {
    if (expireAt === null) return null;
    const at = new Date(expireAt);
    if (at.getTime() <= Math.max(m.publishAt?.getTime() ?? 0, Date.now())) throw badRequest(`expireAt：${MSG_PUBLISH_MSG.expireBeforePublish}`);
    return at;
  }

  /** The publish time (null: now) and expiry of a new notice; a time in the past or too far ahead is refused. */
  private schedule(input: { publishAt?: string; expireAt?: string }): { publishAt: Date | null; expireAt: Date | null } {
    const now = Date.now();
    const at = input.publishAt ? new Date(input.publishAt) : null;
    if (at && at.getTime() < now - NOW_WINDOW_MS) throw badRequest(`publishAt：${MSG_PUBLISH_MSG.publishAtPast}`);
    if (at && at.getTime() > now + MAX_SCHEDULE_MS) throw badRequest(`publishAt：${MSG_PUBLISH_MSG.publishAtFar}`);
    const publishAt = at && at.getTime() > now + NOW_WINDOW_MS ? at : null;
    const expireAt = input.expireAt ? new Date(input.expireAt) : null;
    if (expireAt && expireAt.getTime() <= (publishAt?.getTime() ?? now)) throw badRequest(`expireAt：${MSG_PUBLISH_MSG.expireBeforePublish}`);
    return { publishAt, expireAt };
  }

  /**
   * Outbox item `msg.publish`: a scheduled notice whose time has come gets its copies for the scope it
   * was addressed to (in the claiming transaction, so exactly once), and the push after the commit.
   * A notice withdrawn meanwhile is skipped.
   */
  async publishFromOutbox(tx: Db, item: OutboxTopics['msg.publish']): Promise<(() => Promise<void>) | null> {
    const repo = this.repo.with(tx);
    const message = await repo.lockLiveMessage(item.messageId);
    if (!message) return null;
    const event = { type: 'message' as const, messageId: message.id, msgType: message.msgType as MsgType, title: message.title };
    const scope = scopeOfRow(message);
    if (scope.kind === 'all') {
      if (!(await repo.addAllReceivers(message))) return null;
      return async () => {
        await this.live()?.send('all', event);
      };
    }
    const receivers = await repo.addReceivers(message, scope);
    return async () => {
      await this.live()?.send(receivers, event);
    };
  }

  /**
   * Stores the remaining copies of a notice to everyone (outbox item `msg.copies`) and pushes it to
   * those users. Answers how many copies were added, or null when the item was done already.
   */
  async completeCopies(itemId: number, message: MessageRow, exceptUserIds: number[]): Promise<number | null> {
    const added = await this.db.transaction(async (tx) => {
      const repo = this.repo.with(tx);
      if (!(await repo.claimOutboxItem(itemId))) return null;
      const n = await repo.addAllReceivers(message, exceptUserIds);
      await repo.finishOutboxItem(itemId);
      return n;
    });
    if (added)
      await this.live()?.send('all', { type: 'message', messageId: message.id, msgType: message.msgType as MsgType, title: message.title }, exceptUserIds);
    return added;
  }

  async edit(
    user: Principal,
    input: { messageId: number; title: string; content: string; topFlag: '0' | '1'; fileIds: number[]; expireAt?: string | null },
  ): Promise<MessageRow> {
    const before = await this.repo.message(input.messageId);
    if (!before || before.todo) throw notFound('消息不存在或已被删除');
    const content = sanitizeMessageHtml(input.content);
    const added = input.fileIds.filter((id) => !before.attachmentIds.includes(id));
    if (added.length) await this.files().ownedRows(user, added);
    await this.repo.updateMessage(input.messageId, {
      title: input.title,
      content,
      summary: plainExcerpt(content),
      topFlag: input.topFlag === '1',
      attachmentIds: input.fileIds,
      ...(input.expireAt === undefined ? {} : { expireAt: this.expiryOf(before, input.expireAt) }),
      updatedAt: new Date(),
      updatedBy: user.userId,
    });
    return before;
  }

  async published(f: { msgType?: MsgType; keyword?: string }, page: { pageIndex: number; pageSize: number }): Promise<Page<PublishedMessage>> {
    const { limit, offset } = pageWindow(page);
    const { rows, total } = await this.repo.published(f, limit, offset);
    const counts = await this.repo.readCounts(rows.map((r) => r.m.id));
    const records = await Promise.all(rows.map(({ m, senderName }) => this.publishedOf(m, senderName, counts.get(m.id))));
    return pageOfRows(records, total, page);
  }

  async publishedOne(messageId: number): Promise<PublishedMessage> {
    const m = await this.repo.message(messageId);
    if (!m || m.todo) throw notFound('消息不存在或已被删除');
    const counts = await this.repo.readCounts([m.id]);
    return this.publishedOf(m, await this.repo.senderName(m.senderId), counts.get(m.id));
  }

  private async publishedOf(m: MessageRow, senderName: string | null, c?: { receivers: number; read: number }): Promise<PublishedMessage> {
    return {
      messageId: m.id,
      msgType: m.msgType as MsgType,
      title: m.title,
      content: m.content,
      topFlag: m.topFlag ? '1' : '0',
      receiverScope: m.receiverScope as PublishedMessage['receiverScope'],
      receiverOrgId: m.receiverOrgId,
      receiverUserIds: m.receiverUserIds,
      receiverRoleIds: m.receiverRoleIds,
      publishAt: m.publishAt?.toISOString() ?? null,
      expireAt: m.expireAt?.toISOString() ?? null,
      status: m.publishAt && m.publishAt.getTime() > Date.now() ? 'scheduled' : m.expireAt && m.expireAt.getTime() <= Date.now() ? 'expired' : 'published',
      receiverCount: c?.receivers ?? 0,
      readCount: c?.read ?? 0,
      senderId: m.senderId,
      senderName,
      createTime: m.createdAt.toISOString(),
      updateTime: m.updatedAt.toISOString(),
      attachments: await this.files().entries(m.attachmentIds),
    };
  }

  /** Outbox item `msg.copies` left by a publishing call that died: the remaining copies, and their push after the commit. */
  async copiesFromOutbox(tx: Db, item: OutboxTopics['msg.copies']): Promise<(() => Promise<void>) | null> {
    const repo = this.repo.with(tx);
    const message = await repo.message(item.messageId);
    if (!message || !(await repo.addAllReceivers(message, item.exceptUserIds))) return null;
    const event = { type: 'message' as const, messageId: message.id, msgType: message.msgType as MsgType, title: message.title };
    return async () => {
      await this.live()?.send('all', event, item.exceptUserIds);
    };
  }

  /** Whether a user may read a file attached to a message: a receiver of it, or a notice manager. */
  async canReadAttachment(user: Principal, fileId: number): Promise<boolean> {
    return hasPermission(user, MSG_PERM.manage) || this.repo.receivesAttachment(user.userId, fileId);
  }

  /**
   * Turns one workflow notice (outbox topic `notify`) into a message inside the claiming
   * transaction; the returned push is sent after the transaction commits.
   */
  async fromNotice(tx: Db, notice: NotifyPayload): Promise<(() => Promise<void>) | null> {
    const repo = this.repo.with(tx);
    const ids = await repo.enabledUsers([...new Set(notice.receiverUserIds)]);
    if (!ids.length) return null;
    const content = sanitizeMessageHtml(notice.content);
    const message = await repo.insertMessage({
      msgType: notice.msgType,
      title: notice.title.slice(0, 200),
      content,
      summary: plainExcerpt(content),
      senderId: notice.senderUserId ?? null,
      link: notice.link?.slice(0, 255) ?? null,
      receiverScope: 'users',
      receiverUserIds: ids,
      todo: notice.todo ?? null,
    });
    const receivers = await repo.addReceivers(message, { kind: 'users', ids });
    return async () => {
      const live = this.live();
      if (!live) return;
      if (notice.todo) {
        await live.send(receivers, {
          ...notice.todo,
          memo: notice.todo.memo ?? '',
          content: plainExcerpt(content, 500),
          messageId: message.id,
          ...(notice.link ? { link: notice.link } : {}),
        });
      }
      await live.send(receivers, { type: 'message', messageId: message.id, msgType: notice.msgType, title: message.title });
    };
  }

  /** Many notices at once (the outbox's batch): the same messages and pushes as `fromNotice` for each, in one statement. */
  async fromNotices(tx: Db, notices: NotifyPayload[]): Promise<() => Promise<void>> {
    const prepared = notices.map((notice) => {
      const content = sanitizeMessageHtml(notice.content);
      return {
        notice,
        content,
        row: {
          msgType: notice.msgType,
          title: notice.title.slice(0, 200),
          content,
          summary: plainExcerpt(content),
          senderId: notice.senderUserId ?? null,
          link: notice.link?.slice(0, 255) ?? null,
          todo: notice.todo ?? null,
          receiverUserIds: notice.receiverUserIds,
        },
      };
    });
    const stored = await this.repo.with(tx).insertNotices(prepared.map((p) => p.row));
    return async () => {
      const live = this.live();
      if (!live) return;
      for (const s of stored) {
        const { notice, content, row } = prepared[s.ord] as (typeof prepared)[number];
        if (notice.todo) {
          await live.send(s.userIds, {
            ...notice.todo,
            memo: notice.todo.memo ?? '',
            content: plainExcerpt(content, 500),
            messageId: s.id,
            ...(notice.link ? { link: notice.link } : {}),
          });
        }
        await live.send(s.userIds, { type: 'message', messageId: s.id, msgType: notice.msgType, title: row.title });
      }
    };
  }

  /** After a commit: best effort, so a failure here never answers an error for the stored change. */
  private async pushCounts(userId: number): Promise<void> {
    const live = this.live();
    if (!live) return;
    try {
      await live.send([userId], { type: 'unread', counts: await this.unreadCounts(userId) });
    } catch (err) {
      live.report(err);
    }
  }
}
