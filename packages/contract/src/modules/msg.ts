import { z } from 'zod';
import { id, isoDateTime, pageOf, requiredText, text, ZPageRequest } from '../common';
import { defineCall } from '../define';
import { ZFileEntry } from './file';

/** Permission codes of the message centre (buttons of the MessageManage menu). */
export const MSG_PERM = {
  /** Publish, edit and withdraw notices; see who read them. */
  manage: 'msg:notice:manage',
} as const;

/**
 * Message types: 001 to-do/approval, 002 warning (always counted as 0 unread, spec 000 §3),
 * 003 notice, 004 system (greetings, blessings, account events).
 */
export const MSG_TYPES = ['001', '002', '003', '004'] as const;
export const ZMsgType = z.enum(MSG_TYPES);
export type MsgType = z.output<typeof ZMsgType>;

/** Read status of a message for one receiver: '0' unread, '1' read. */
export const ZReadStatus = z.enum(['0', '1']);
/** Top flag: '1' pinned to the top of the receiver's list. */
export const ZTopFlag = z.enum(['0', '1']);

/** Who receives a published message. */
export const ZReceiverScope = z.enum(['all', 'org', 'users', 'roles']);
/** scheduled: its publish time is ahead (nobody has it yet); published; expired: past its expiry (gone from the workbench carousel). */
export const ZPublishStatus = z.enum(['scheduled', 'published', 'expired']);
export const MSG_PUBLISH_MSG = {
  publishAtPast: '定时发布时间不能早于当前时间',
  publishAtFar: '定时发布时间不能晚于一年后',
  expireBeforePublish: '过期时间必须晚于发布时间',
  rolesRequired: '请选择接收角色',
  roleUnknown: '接收角色不存在',
} as const;

/** One message as a receiver sees it in a list (content is sanitised HTML). */
export const ZMessageItem = z.object({
  messageId: z.number().int(),
  /** Id of the receiver's copy (read status and top flag live there). */
  receiverId: z.number().int(),
  /** The receiving user (the signed-in user). */
  userId: z.number().int(),
  msgType: ZMsgType,
  title: z.string(),
  /** Plain-text excerpt of the content (≤ 200 characters). */
  summary: z.string(),
  readStatus: ZReadStatus,
  topFlag: ZTopFlag,
  senderId: z.number().int().nullable(),
  senderName: z.string().nullable(),
  /** Where the receiver handles it, e.g. "/backlog/index". */
  link: z.string().nullable(),
  createTime: isoDateTime(),
  readTime: isoDateTime().nullable(),
  hasAttachment: z.boolean(),
});
export type MessageItem = z.output<typeof ZMessageItem>;

export const ZMessageDetail = ZMessageItem.extend({
  /** Sanitised HTML; the web sanitises it again with DOMPurify before showing it. */
  content: z.string(),
  attachments: z.array(ZFileEntry),
});
export type MessageDetail = z.output<typeof ZMessageDetail>;

/** A published message as its publisher (MessageManage) sees it. */
export const ZPublishedMessage = z.object({
  messageId: z.number().int(),
  msgType: ZMsgType,
  title: z.string(),
  content: z.string(),
  topFlag: ZTopFlag,
  receiverScope: ZReceiverScope,
  receiverOrgId: z.number().int().nullable(),
  receiverUserIds: z.array(z.number().int()),
  receiverRoleIds: z.array(z.number().int()),
  /** When receivers get it (null: at creation). */
  publishAt: isoDateTime().nullable(),
  /** When it leaves the workbench carousel (null: never). */
  expireAt: isoDateTime().nullable(),
  status: ZPublishStatus,
  receiverCount: z.number().int(),
  readCount: z.number().int(),
  senderId: z.number().int().nullable(),
  senderName: z.string().nullable(),
  createTime: isoDateTime(),
  updateTime: isoDateTime(),
  attachments: z.array(ZFileEntry),
});
export type PublishedMessage = z.output<typeof ZPublishedMessage>;

/** Filters of the receiver's lists. `userId` is accepted for old clients and ignored: a user only lists their own messages. */
export const ZMessageFilter = z.object({
  msgType: ZMsgType.optional(),
  readStatus: ZReadStatus.optional(),
  /** Searches title and content. */
  keyword: text(100).optional(),
  userId: id().optional(),
  userCode: text(64).optional(),
});

export const ZUnreadCount = z.object({ msgType: ZMsgType, unReadNum: z.number().int() });
export type UnreadCount = z.output<typeof ZUnreadCount>;

const ZMessageRef = z.object({ messageId: id() });

const ZPublishFields = z.object({
  title: requiredText(200),
  /** HTML from the rich-text editor; sanitised on the server before it is stored. */
  content: z.string().trim().min(1).max(200_000),
  topFlag: ZTopFlag.default('0'),
  /** File record ids (from `upload`) to attach. */
  fileIds: z.array(id()).max(10).default([]),
});

export const msgCalls = {
  getMsgAllNumber: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/getMsgAllNumber',
    requestKind: 'json',
    request: z.object({ userId: id().optional(), userCode: text(64).optional() }).passthrough(),
    data: z.array(ZUnreadCount),
    permission: 'login',
    summary: "The signed-in user's unread counts for types 001, 002 (always 0), 003, 004",
    fromSpec: true,
  }),
  page: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/page',
    requestKind: 'json',
    request: ZPageRequest.extend(ZMessageFilter.shape),
    data: pageOf(ZMessageItem),
    permission: 'login',
    summary: "The signed-in user's messages, pinned first, newest first",
    fromSpec: true,
  }),
  pageByMonth: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/pageByMonth',
    requestKind: 'json',
    request: ZPageRequest.extend(ZMessageFilter.shape),
    data: pageOf(z.object({ month: z.string(), messageList: z.array(ZMessageItem) })),
    permission: 'login',
    summary: 'The same page of messages grouped by month (YYYY-MM); total counts messages',
    fromSpec: true,
  }),
  getSystemMessageList: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/getSystemMessageList',
    requestKind: 'json',
    request: z.object({ userId: id().optional(), limit: z.coerce.number().int().min(1).max(20).default(3) }).passthrough(),
    data: z.array(
      z.object({
        messageId: z.number().int(),
        receiverId: z.number().int(),
        userId: z.number().int(),
        msgType: ZMsgType,
        title: z.string(),
        content: z.string(),
        readStatus: ZReadStatus,
        createTime: isoDateTime(),
      }),
    ),
    permission: 'login',
    summary: 'Latest notices (type 003) of the signed-in user for the workbench carousel, pinned first',
    fromSpec: true,
  }),
  info: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/info',
    requestKind: 'json',
    request: ZMessageRef,
    data: ZMessageDetail,
    permission: 'login',
    summary: 'One message of the signed-in user (read status unchanged)',
    fromSpec: true,
  }),
  infoAndUpdateReceiveReadStatus: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/infoAndUpdateReceiveReadStatus',
    requestKind: 'json',
    request: ZMessageRef,
    data: ZMessageDetail,
    permission: 'login',
    write: true,
    summary: 'One message of the signed-in user, marked as read',
    fromSpec: true,
  }),
  receiveReadStatus: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/receiveReadStatus',
    requestKind: 'json',
    request: z.object({
      /** Messages to mark read; omitted = all of the user's unread messages (of msgType when given). */
      messageIds: z.array(id()).max(500).optional(),
      msgType: ZMsgType.optional(),
    }),
    data: z.object({ updated: z.number().int() }),
    permission: 'login',
    write: true,
    summary: 'Mark messages (or all of a type, or all) as read for the signed-in user',
    fromSpec: true,
  }),
  updateTopFlag: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/updateTopFlag',
    requestKind: 'json',
    request: z.object({ messageId: id(), topFlag: ZTopFlag }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: "Pin or unpin a message in the signed-in user's list",
    fromSpec: true,
  }),
  delete: defineCall({
    method: 'DELETE',
    path: '/msg_api/msg/api/message/delete',
    requestKind: 'json',
    request: z.object({
      messageId: id(),
      /** mine: remove from the signed-in user's list; all: withdraw the message for everyone (msg:notice:manage). */
      scope: z.enum(['mine', 'all']).default('mine'),
    }),
    data: z.null(),
    permission: 'login',
    write: true,
    summary: 'Remove a message from my list, or withdraw a published message (soft delete)',
    fromSpec: true,
  }),
  add: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/add',
    requestKind: 'json',
    request: ZPublishFields.extend({
      msgType: ZMsgType.default('003'),
      receiverScope: ZReceiverScope.default('all'),
      /** With receiverScope org: everyone in this organisation unit and below. */
      receiverOrgId: id().optional(),
      /** With receiverScope users. */
      receiverUserIds: z.array(id()).max(5000).optional(),
      /** With receiverScope roles: every enabled holder of any of these roles. */
      receiverRoleIds: z.array(id()).max(50).optional(),
      /** Publish later (the receivers get it then; until then it can be edited or withdrawn). */
      publishAt: isoDateTime().optional(),
      /** Leaves the workbench carousel then (stays in the message centre). */
      expireAt: isoDateTime().optional(),
    }),
    data: z.object({ messageId: z.number().int(), receiverCount: z.number().int() }),
    permission: MSG_PERM.manage,
    write: true,
    summary: 'Publish a message (a notice by default) to everyone, an organisation unit, roles or chosen users, now or at a set time',
    fromSpec: true,
  }),
  update: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/update',
    requestKind: 'json',
    request: ZPublishFields.extend({ messageId: id(), expireAt: isoDateTime().nullable().optional() }),
    data: z.null(),
    permission: MSG_PERM.manage,
    write: true,
    summary: 'Edit the title, content, top flag or attachments of a published message (receivers unchanged)',
    fromSpec: true,
  }),
  upload: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/upload',
    requestKind: 'multipart',
    request: z.object({}).passthrough(),
    data: ZFileEntry,
    permission: MSG_PERM.manage,
    write: true,
    summary: 'Upload one attachment (field file) for a message being published',
    fromSpec: true,
  }),
  roleOptions: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/roleOptions',
    requestKind: 'json',
    request: z.object({}),
    data: z.array(z.object({ id: z.number().int(), name: z.string() })),
    permission: MSG_PERM.manage,
    summary: 'The enabled roles a notice may be addressed to',
    fromSpec: false,
  }),
  managePage: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/managePage',
    requestKind: 'json',
    request: ZPageRequest.extend({ msgType: ZMsgType.optional(), keyword: text(100).optional() }),
    data: pageOf(ZPublishedMessage),
    permission: MSG_PERM.manage,
    summary: 'Published messages with read counts (MessageManage)',
    fromSpec: false,
  }),
  manageInfo: defineCall({
    method: 'POST',
    path: '/msg_api/msg/api/message/manageInfo',
    requestKind: 'json',
    request: ZMessageRef,
    data: ZPublishedMessage,
    permission: MSG_PERM.manage,
    summary: 'One published message for editing (MessageManage)',
    fromSpec: false,
  }),
} as const;

/** Path of the live channel: `/socket/websocket/{userCode}/{sessionToken}` (spec 000 §4). */
export const LIVE_SOCKET_PATH = '/socket/websocket';
/** Heartbeat and reconnect timings of the client (spec 000 §9). */
export const LIVE_HEARTBEAT_MS = 30 * 60_000;
export const LIVE_RECONNECT_MS = 30_000;
/** Text the server answers a ping with; the client ignores it. */
export const LIVE_ACK = 'pong';

/** A to-do notice shown in the persistent "待办通知" popup. */
export const ZLiveTodo = z.object({
  type: z.string(),
  content: z.string(),
  theme: z.string(),
  items: z.string(),
  startTime: z.string(),
  noticeUsers: z.string(),
  memo: z.string().optional(),
  messageId: z.number().int().optional(),
  link: z.string().optional(),
});

/**
 * What the server pushes on the live channel (JSON text frames). `message` and `unread` refresh
 * the bell, lists and counts; `mailMsg` is ignored; `chatContent` goes to the voice store; any other
 * type is a to-do notice for the popup.
 */
export const ZLiveEvent = z.union([
  z.object({ type: z.literal('message'), messageId: z.number().int(), msgType: ZMsgType, title: z.string() }),
  z.object({ type: z.literal('unread'), counts: z.array(ZUnreadCount) }),
  z.object({ type: z.literal('mailMsg'), content: z.string().optional() }),
  z.object({ type: z.literal('chatContent'), content: z.string() }),
  ZLiveTodo,
]);
export type LiveEvent = z.output<typeof ZLiveEvent>;
export type LiveTodo = z.output<typeof ZLiveTodo>;
