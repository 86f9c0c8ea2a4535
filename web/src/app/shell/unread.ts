import type { UnreadCount } from '@erp/contract/modules/msg';

/** Unread total over types 001–004; type 002 is always counted as 0 (spec 000 §3). */
export function unreadTotal(counts: readonly UnreadCount[]): number {
  return counts.reduce((sum, c) => sum + (c.msgType === '002' ? 0 : Math.max(0, c.unReadNum)), 0);
}
