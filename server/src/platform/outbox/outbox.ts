import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import type { Db } from '../db';
import { queryRows } from '../db';

/** Topics of background work and the payload each carries. */
export interface OutboxTopics {
  /**
   * Something a user must be told: a new task, a cc, a notice. The message module turns it into
   * messages (message centre) and pushes it on the live channel.
   */
  notify: NotifyPayload;
  /**
   * An e-mail to send (password reset codes, offers). `userId`: the user it is for, whose open
   * sessions get a `mailMsg` push once it is sent (spec 000 §4; the subject only, never the text).
   */
  mail: { to: string; subject: string; text: string; userId?: number; html?: string; attachments?: MailAttachment[] };
  /**
   * The rest of a notice to everyone: copies for the users who had no open socket when it was
   * published (those got theirs and the push at once). The publishing call completes it itself;
   * any process finishes it if that call died.
   */
  'msg.copies': { messageId: number; exceptUserIds: number[] };
  /** A scheduled notice whose time has come: its copies for the scope it was addressed to, and the push. */
  'msg.publish': { messageId: number };
}

/** A small text attachment of a mail (an .ics invitation), carried in the outbox row. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface NotifyPayload {
  receiverUserIds: number[];
  /** Message type: 001 to-do/approval, 002 warning, 003 notice, 004 system. */
  msgType: '001' | '002' | '003' | '004';
  title: string;
  /** HTML allowed; sanitised when stored. */
  content: string;
  senderUserId?: number | null;
  /** The to-do popup of the live channel (spec 000 §4): shown when present. */
  todo?: { type: string; theme: string; items: string; startTime: string; noticeUsers: string; memo?: string };
  /** Where the receiver handles it, e.g. "/backlog/index". */
  link?: string;
}

export type OutboxTopic = keyof OutboxTopics;

/**
 * Adds work to the outbox; call it inside the transaction of the change that causes it. `delayMs`:
 * not claimed by workers before then (for work its caller means to do itself). Answers the item's id.
 */
export async function enqueue<T extends OutboxTopic>(db: Db, topic: T, payload: OutboxTopics[T], opts: { delayMs?: number } = {}): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ topic, payload, ...(opts.delayMs ? { availableAt: new Date(Date.now() + opts.delayMs) } : {}) })
    .returning({ id: outbox.id });
  return row?.id ?? 0;
}

export interface ClaimedItem<T extends OutboxTopic> {
  id: number;
  payload: OutboxTopics[T];
  attempts: number;
}

/**
 * Works up to `limit` pending items of a topic exactly once across processes: the rows are claimed
 * with FOR UPDATE SKIP LOCKED inside a transaction, handled, and marked done (or retried later).
 */
export async function drain<T extends OutboxTopic>(
  db: Db,
  topic: T,
  /** `tx` is the claiming transaction: write through it (PGlite has one connection, so a write through `db` would wait for the claim forever). */
  handle: (item: ClaimedItem<T>, tx: Db) => Promise<void>,
  limit = 50,
  /**
   * Handles all the claimed items at once (a few statements instead of a few per item), in one
   * savepoint; when it fails, each item is handled alone by `handle` so that one bad item fails alone.
   */
  handleAll?: (items: ClaimedItem<T>[], tx: Db) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const items = await queryRows<{ id: number; payload: OutboxTopics[T]; attempts: number }>(
      tx as unknown as Db,
      sql`SELECT id, payload, attempts FROM outbox WHERE topic = ${topic} AND status = 'pending' AND available_at <= now() ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    );
    const done: number[] = [];
    if (handleAll && items.length > 1) {
      const together = await tx
        .transaction((sp) => handleAll(items, sp as unknown as Db))
        .then(
          () => true,
          () => false,
        );
      if (together) {
        await markDone(
          tx as unknown as Db,
          items.map((i) => i.id),
        );
        return items.length;
      }
    }
    for (const item of items) {
      try {
        // A savepoint per item: a failing handler's partial writes are undone, the others' kept.
        await tx.transaction((sp) => handle(item, sp as unknown as Db));
        done.push(item.id);
      } catch (err) {
        const failed = item.attempts + 1 >= 5;
        await tx
          .update(outbox)
          .set({
            attempts: item.attempts + 1,
            status: failed ? 'failed' : 'pending',
            lastError: String(err).slice(0, 1000),
            availableAt: sql`now() + make_interval(secs => ${2 ** item.attempts * 5})`,
          })
          .where(eq(outbox.id, item.id));
      }
    }
    await markDone(tx as unknown as Db, done);
    return items.length;
  });
}

async function markDone(tx: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(outbox)
    .set({ status: 'done', doneAt: new Date() })
    .where(and(inArray(outbox.id, ids), lte(outbox.attempts, 1000)));
}
