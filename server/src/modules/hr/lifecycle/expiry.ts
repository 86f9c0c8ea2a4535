import {
  EXPIRY_KIND_NAMES,
  type ExpiryFilters,
  type ExpiryItem,
  type ExpiryKind,
  type ExpirySettings,
  LIFECYCLE_PERM,
  type PageRequest,
  ZExpirySettings,
} from '@erp/contract';
import { type SQL, sql } from 'drizzle-orm';
import { systemState } from '../../../db/schema';
import { dataScopeCondition } from '../../../platform/auth/data-scope';
import { orgSubtreeIds } from '../../../platform/auth/org-subtree';
import type { Principal } from '../../../platform/auth/principal';
import { loadGrants } from '../../../platform/auth/sessions';
import { type Db, queryRows } from '../../../platform/db';
import { escapeHtml } from '../../../platform/html';
import { enqueue } from '../../../platform/outbox/outbox';
import { likePattern } from '../../../platform/resource/filters';
import { addDays } from './lists.service';

/*
 * Expiry reminders (issue 39, docs/domain/hr-lifecycle.md, "Expiry reminders"): what of a person still employed
 * ends on a date, one list for HR (即将到期) and reminders to HR and the employee at the days before
 * that the company sets (system_state `hr.expiry_reminder_days`, 90/60/30/7 by default).
 */

export const EXPIRY_DAYS_KEY = 'hr.expiry_reminder_days';
export const DEFAULT_EXPIRY_DAYS = [90, 60, 30, 7];

/** One row per thing that ends: its kind, its own row's id, whose it is, what it is called, when it ends. */
const ENDING = sql`(
  SELECT 'contract'::text AS kind, e.id AS record_id, e.id AS employee_id, '劳动合同'::text AS item_name, e.contract_end_date AS expire_date
    FROM employees e WHERE e.status IN ('003', '004') AND e.contract_end_date IS NOT NULL
  UNION ALL
  SELECT 'probation', e.id, e.id, '试用期', (e.entry_date + make_interval(months => e.probation_months))::date
    FROM employees e WHERE e.status = '003' AND e.regular_status <> '010' AND e.entry_date IS NOT NULL AND e.probation_months > 0
  UNION ALL
  SELECT 'idCard', e.id, e.id, '身份证件', e.id_expire_date
    FROM employees e WHERE e.status IN ('003', '004') AND e.id_expire_date IS NOT NULL
  UNION ALL
  SELECT 'certificate', c.id, c.employee_id, c.name, c.expire_date
    FROM employee_certificates c JOIN employees e ON e.id = c.employee_id
    WHERE e.status IN ('003', '004') AND c.expire_date IS NOT NULL
)`;

export async function expirySettings(db: Db): Promise<ExpirySettings> {
  const [row] = await queryRows<{ value: string }>(db, sql`SELECT value FROM system_state WHERE key = ${EXPIRY_DAYS_KEY}`);
  const parsed = row ? ZExpirySettings.safeParse({ days: row.value.split(',').map(Number) }) : null;
  return parsed?.success ? parsed.data : { days: DEFAULT_EXPIRY_DAYS };
}

export async function saveExpirySettings(db: Db, input: ExpirySettings): Promise<ExpirySettings> {
  const value = input.days.join(',');
  await db
    .insert(systemState)
    .values({ key: EXPIRY_DAYS_KEY, value })
    .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: new Date() } });
  return input;
}

type Filters = Partial<ExpiryFilters> & Pick<ExpiryFilters, 'days' | 'expired'> & Partial<Pick<PageRequest, 'sortField' | 'sortOrder'>>;

interface Row {
  kind: ExpiryKind;
  record_id: number;
  employee_id: number;
  employee_code: string;
  name: string;
  org_name: string | null;
  item_name: string;
  expire_date: string;
  days_left: number;
}

function conditions(user: Principal, f: Filters, today: string): SQL {
  const parts: SQL[] = [sql`x.expire_date <= ${addDays(today, f.days)}::date`];
  if (!f.expired) parts.push(sql`x.expire_date >= ${today}::date`);
  if (f.kind) parts.push(sql`x.kind = ${f.kind}`);
  if (f.orgId) parts.push(sql`e.org_id IN (${orgSubtreeIds(f.orgId)})`);
  if (f.keyword) {
    const like = likePattern(f.keyword);
    parts.push(sql`(e.name ILIKE ${like} OR e.employee_code ILIKE ${like} OR x.item_name ILIKE ${like})`);
  }
  parts.push(dataScopeCondition(user, { orgId: sql`e.org_id`, ownerUserId: sql`e.user_id` }));
  return sql.join(parts, sql` AND `);
}

const SELECT = (today: string) => sql`SELECT x.kind, x.record_id, x.employee_id, e.employee_code, e.name, o.name AS org_name, x.item_name,
    to_char(x.expire_date, 'YYYY-MM-DD') AS expire_date, (x.expire_date - ${today}::date) AS days_left
  FROM ${ENDING} x JOIN employees e ON e.id = x.employee_id LEFT JOIN org_units o ON o.id = e.org_id`;

const item = (r: Row): ExpiryItem => ({
  key: `${r.kind}:${r.record_id}`,
  kind: r.kind,
  kindName: EXPIRY_KIND_NAMES[r.kind],
  itemName: r.item_name,
  employeeId: Number(r.employee_id),
  employeeCode: r.employee_code,
  name: r.name,
  orgName: r.org_name,
  expireDate: r.expire_date,
  daysLeft: Number(r.days_left),
});

const order = (f: Filters) => (f.sortOrder === 'descend' ? sql`x.expire_date DESC, x.kind, x.record_id` : sql`x.expire_date, x.kind, x.record_id`);

/** What ends within `days` (and what has ended) for the people in the reader's data scope, soonest first. */
export async function expiryPage(db: Db, user: Principal, f: Filters & Pick<PageRequest, 'pageIndex' | 'pageSize'>, today: string) {
  const where = conditions(user, f, today);
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${ENDING} x JOIN employees e ON e.id = x.employee_id WHERE ${where}`);
  const rows = await queryRows<Row>(db, sql`${SELECT(today)} WHERE ${where} ORDER BY ${order(f)} LIMIT ${f.pageSize} OFFSET ${(f.pageIndex - 1) * f.pageSize}`);
  return { records: rows.map(item), total: count?.n ?? 0, pageIndex: f.pageIndex, pageSize: f.pageSize };
}

/** The same list for its export, in batches. */
export async function* expiryBatches(db: Db, user: Principal, f: Filters, today: string): AsyncGenerator<Record<string, unknown>[]> {
  const where = conditions(user, f, today);
  for (let offset = 0; ; offset += 2000) {
    const rows = await queryRows<Row>(db, sql`${SELECT(today)} WHERE ${where} ORDER BY ${order(f)} LIMIT 2000 OFFSET ${offset}`);
    if (rows.length) yield rows.map(item);
    if (rows.length < 2000) return;
  }
}

const EMPLOYEE_ADVICE: Record<ExpiryKind, string> = {
  contract: '人事将与您沟通续签事宜。',
  probation: '请按时在工作台提交转正申请。',
  idCard: '请及时换领证件，并在个人中心更新证件信息。',
  certificate: '请及时办理续期，并在个人中心更新资格证书。',
};

const when = (daysLeft: number) => (daysLeft === 0 ? '今天到期' : `还有 ${daysLeft} 天`);

/** HR people who follow the lifecycle of employees (administrators are not reminded of everything). */
async function hrReaders(db: Db): Promise<Principal[]> {
  const ids = await queryRows<{ id: number }>(
    db,
    sql`SELECT DISTINCT ur.user_id AS id FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.enabled AND r.code <> 'admin'
      JOIN role_menus rm ON rm.role_id = r.id JOIN menus m ON m.id = rm.menu_id AND m.enabled
      JOIN users u ON u.id = ur.user_id AND u.enabled
      WHERE ${LIFECYCLE_PERM.list} = ANY(string_to_array(replace(lower(m.perms), ' ', ''), ','))`,
  );
  const out: Principal[] = [];
  for (const { id } of ids) {
    const grants = await loadGrants(db, Number(id));
    if (grants) out.push({ ...grants, sessionId: 0 });
  }
  return out;
}

/**
 * Sends the reminders that are due today, once each: a thing first seen within a period is reminded
 * for the shortest period it is in (not for each longer one at once); a new date (a renewed
 * contract, a new certificate) starts again. Several processes sweeping at once remind once (the
 * reminder's row is the claim). Answers how many things were reminded.
 */
export async function remindExpiries(db: Db, today: string): Promise<number> {
  const { days } = await expirySettings(db);
  const longest = Math.max(...days);
  return db.transaction(async (tx) => {
    const due = await queryRows<{ kind: ExpiryKind; record_id: number }>(
      tx,
      sql`INSERT INTO hr_expiry_reminders (kind, record_id, expire_date, threshold)
        SELECT x.kind, x.record_id, x.expire_date,
          (SELECT min(t) FROM unnest(${`{${days.join(',')}}`}::int[]) AS t WHERE t >= x.expire_date - ${today}::date)
        FROM ${ENDING} x WHERE x.expire_date - ${today}::date BETWEEN 0 AND ${longest}
        ON CONFLICT DO NOTHING
        RETURNING kind, record_id`,
    );
    if (!due.length) return 0;
    const rows = await queryRows<Row & { user_id: number | null }>(
      tx,
      sql`SELECT s.*, e.user_id FROM (${SELECT(today)}) s JOIN employees e ON e.id = s.employee_id
        WHERE (s.kind, s.record_id) IN (SELECT d.kind, d.record_id FROM jsonb_to_recordset(${JSON.stringify(due)}::jsonb) AS d(kind text, record_id int))
        ORDER BY s.expire_date, s.kind, s.record_id`,
    );
    for (const r of rows) {
      if (!r.user_id) continue;
      const what = r.kind === 'certificate' ? `资格证书「${r.item_name}」` : `${r.item_name}`;
      await enqueue(tx, 'notify', {
        receiverUserIds: [Number(r.user_id)],
        msgType: '002',
        title: `到期提醒：您的${what}将于 ${r.expire_date} 到期`,
        content: `<p>您的${escapeHtml(what)}将于 ${r.expire_date} 到期（${when(Number(r.days_left))}）。${EMPLOYEE_ADVICE[r.kind]}</p>`,
        link: r.kind === 'probation' ? '/WorkBench/index' : '/PersonalCenter/FirstPage',
      });
    }
    const ids = [...new Set(rows.map((r) => Number(r.employee_id)))];
    for (const hr of await hrReaders(tx)) {
      const visible = new Set(
        (
          await queryRows<{ id: number }>(
            tx,
            sql`SELECT e.id FROM employees e WHERE e.id = ANY(${`{${ids.join(',')}}`}::int[])
              AND ${dataScopeCondition(hr, { orgId: sql`e.org_id`, ownerUserId: sql`e.user_id` })}`,
          )
        ).map((e) => Number(e.id)),
      );
      const mine = rows.filter((r) => visible.has(Number(r.employee_id)) && Number(r.user_id) !== hr.userId);
      if (!mine.length) continue;
      const shown = mine.slice(0, 20);
      const lines = shown.map(
        (r) =>
          `<li>${escapeHtml(r.name)}（${escapeHtml(r.employee_code)}）${escapeHtml(EXPIRY_KIND_NAMES[r.kind])}${r.kind === 'certificate' ? `「${escapeHtml(r.item_name)}」` : ''} ${r.expire_date} 到期（${when(Number(r.days_left))}）</li>`,
      );
      await enqueue(tx, 'notify', {
        receiverUserIds: [hr.userId],
        msgType: '002',
        title: `到期提醒：${mine.length} 项证件、合同或试用期即将到期`,
        content: `<ul>${lines.join('')}</ul>${mine.length > shown.length ? `<p>等 ${mine.length} 项，请在人事异动 → 即将到期中查看。</p>` : ''}`,
        link: '/staffChange/index',
      });
    }
    return rows.length;
  });
}
