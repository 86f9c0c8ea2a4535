import { type RemindResult, ROSTER_REMIND_TEXT } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { dataScopeCondition } from '../../platform/auth/data-scope';
import type { Principal } from '../../platform/auth/principal';
import { type Db, queryRows } from '../../platform/db';
import { escapeHtml } from '../../platform/html';
import { enqueue } from '../../platform/outbox/outbox';

/**
 * 提醒完善信息 (issue 39, roster bulk actions): one message to each chosen employee, in one go; who
 * cannot be reminded — outside the caller's data scope, gone, or without a sign-in account — is
 * listed with why instead of failing the rest.
 */
export async function remindRecords(db: Db, user: Principal, ids: number[], message: string | undefined): Promise<RemindResult> {
  const unique = [...new Set(ids)];
  const rows = await queryRows<{ id: number; name: string; user_id: number | null; status: string; visible: boolean }>(
    db,
    sql`SELECT e.id, e.name, e.user_id, e.status,
        (${dataScopeCondition(user, { orgId: sql`e.org_id`, ownerUserId: sql`e.user_id` })}) AS visible
      FROM employees e WHERE e.id = ANY(${`{${unique.join(',')}}`}::int[])`,
  );
  const found = new Map(rows.map((r) => [Number(r.id), r]));
  const skipped: RemindResult['skipped'] = [];
  const receivers: number[] = [];
  for (const id of unique) {
    const r = found.get(id);
    if (!r?.visible) skipped.push({ employeeId: id, name: null, reason: '员工不存在或不在您的数据范围内' });
    else if (r.status === '005') skipped.push({ employeeId: id, name: r.name, reason: '员工已离职' });
    else if (!r.user_id) skipped.push({ employeeId: id, name: r.name, reason: '该员工没有登录账号' });
    else receivers.push(Number(r.user_id));
  }
  if (receivers.length)
    await enqueue(db, 'notify', {
      receiverUserIds: receivers,
      msgType: '003',
      title: '请完善个人信息',
      content: `<p>${escapeHtml(message || ROSTER_REMIND_TEXT)}</p>`,
      senderUserId: user.userId,
      link: '/PersonalCenter/FirstPage',
    });
  return { sent: receivers.length, skipped };
}
