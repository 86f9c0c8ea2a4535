import { DOCUMENT_STATUS_CODE, type DocumentState, formatFen, type HistoryChange, type HistoryEntry, type HistoryKind, maskMiddle } from '@erp/contract';
import { sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal';
import { type Db, queryRows } from '../db';
import { notFound } from '../errors';
import type { Platform } from '../platform';
import { dictionaryLabels } from '../resource/labels';

/*
 * The history of a record on the record (issue 34 §4, docs/domain/controls.md §4). A module
 * registers a kind: which columns of its table's snapshots are shown, with their labels as on the
 * form and how each value reads, and who may read it. The versions come from the database trigger
 * of the table (record_versions); the approval steps from the requests the record has had.
 */

export interface HistoryField {
  label: string;
  /** How a value reads: fen as yuan, basis points as a percentage, yyyymm, a dictionary, a unit's name, a document state. */
  type?: 'money' | 'bp' | 'month' | 'org' | 'state';
  dict?: string;
  /** Masked (as the record masks it) unless the reader sees sensitive values. */
  sensitive?: boolean;
}

export interface HistoryKindSpec {
  kind: HistoryKind;
  /** Snapshot columns (snake_case, as stored) shown in the history. */
  fields: Record<string, HistoryField>;
  /** Refuses (404) unless `user` may read the record; says whether sensitive values are shown to them. */
  access(db: Db, user: Principal, id: number): Promise<{ sensitive: boolean }>;
}

const kinds = new Map<HistoryKind, HistoryKindSpec>();

export function registerHistoryKind(spec: HistoryKindSpec): void {
  kinds.set(spec.kind, spec);
}

const STATE_NAMES: Record<string, string> = { draft: '草稿', approving: '审批中', returned: '已退回', passed: '已通过', rejected: '已驳回', revoked: '已撤回' };
const OUTCOMES: Record<string, string> = { pass: '通过', reject: '驳回', rollback: '退回', resubmit: '重新提交' };

type Snapshot = Record<string, unknown>;

/** Every entry of a record's history, newest first. */
export async function recordHistory(platform: Platform, user: Principal, kind: HistoryKind, id: number): Promise<HistoryEntry[]> {
  const spec = kinds.get(kind);
  if (!spec) throw notFound('不支持的记录类型');
  const { sensitive } = await spec.access(platform.db, user, id);
  const db = platform.db;
  // `ms` orders the entries: several changes and an approval often fall within one second.
  const versions = await queryRows<{ id: number; at: string; ms: string; action: string; snapshot: Snapshot; user_name: string | null }>(
    db,
    sql`SELECT v.id, to_char(v.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, (extract(epoch FROM v.at) * 1000)::bigint AS ms,
        v.action, v.snapshot, u.real_name AS user_name
      FROM record_versions v LEFT JOIN users u ON u.id = v.user_id
      WHERE v.kind = ${kind} AND v.record_id = ${id} ORDER BY v.id`,
  );
  const format = await formatter(
    platform,
    spec,
    versions.map((v) => v.snapshot),
    sensitive,
  );
  const entries: Array<HistoryEntry & { ms: number; order: number }> = [];
  for (const [i, v] of versions.entries()) {
    const before = versions[i - 1]?.snapshot;
    if (v.action === 'baseline') continue;
    if (v.action === 'insert' || !before) {
      entries.push({ at: v.at, userName: v.user_name, type: 'created', action: '创建', changes: [], comment: null, ms: Number(v.ms), order: v.id });
      continue;
    }
    const changes: HistoryChange[] = [];
    for (const [field, f] of Object.entries(spec.fields)) {
      if (JSON.stringify(before[field] ?? null) === JSON.stringify(v.snapshot[field] ?? null)) continue;
      changes.push({ field, label: f.label, from: format(field, before[field]), to: format(field, v.snapshot[field]) });
    }
    // A change of columns the history does not show (kept sums, search pieces) is not an entry.
    if (changes.length)
      entries.push({ at: v.at, userName: v.user_name, type: 'changed', action: '修改', changes, comment: null, ms: Number(v.ms), order: v.id });
  }
  const instances = [...new Set(versions.map((v) => Number(v.snapshot.process_instance_id)).filter((n) => Number.isInteger(n) && n > 0))];
  if (instances.length) {
    const steps = await queryRows<{ at: string; ms: string; node: string; outcome: string; message: string | null; user_name: string | null; id: number }>(
      db,
      sql`SELECT t.id, to_char(t.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, (extract(epoch FROM t.completed_at) * 1000)::bigint AS ms,
        t.node_name AS node, t.outcome, t.message, u.real_name AS user_name
        FROM wf_tasks t LEFT JOIN users u ON u.id = t.completed_by
        WHERE t.instance_id IN (${sql.join(
          instances.map((n) => sql`${n}`),
          sql`, `,
        )}) AND t.status = 'done' AND t.outcome IN ('pass', 'reject', 'rollback', 'resubmit') AND t.completed_at IS NOT NULL`,
    );
    for (const s of steps)
      entries.push({
        at: s.at,
        userName: s.user_name,
        type: 'approval',
        action: `${s.node}：${OUTCOMES[s.outcome] ?? s.outcome}`,
        changes: [],
        comment: s.message,
        ms: Number(s.ms),
        // At the same instant, the decision comes after the change its transaction wrote.
        order: Number.MAX_SAFE_INTEGER,
      });
  }
  return entries.sort((a, b) => b.ms - a.ms || b.order - a.order).map(({ ms: _ms, order: _order, ...e }) => e);
}

/** Reads each shown value as the form shows it (names looked up once for all versions). */
async function formatter(platform: Platform, spec: HistoryKindSpec, snapshots: Snapshot[], sensitive: boolean) {
  const dictTypes = [...new Set(Object.values(spec.fields).flatMap((f) => (f.dict ? [f.dict] : f.type === 'state' ? ['STATUS'] : [])))];
  const dicts = dictTypes.length ? await dictionaryLabels(platform).labels(dictTypes) : new Map<string, Map<string, string>>();
  const orgIds = new Set<number>();
  for (const [field, f] of Object.entries(spec.fields))
    if (f.type === 'org') for (const s of snapshots) if (Number.isInteger(Number(s[field])) && s[field] !== null) orgIds.add(Number(s[field]));
  const orgs = new Map<number, string>();
  if (orgIds.size) {
    const rows = await queryRows<{ id: number; name: string }>(
      platform.db,
      sql`SELECT id, name FROM org_units WHERE id IN (${sql.join(
        [...orgIds].map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
    for (const r of rows) orgs.set(Number(r.id), r.name);
  }
  return (field: string, value: unknown): string | null => {
    if (value === null || value === undefined || value === '') return null;
    const f = spec.fields[field];
    if (!f) return String(value);
    const text = (() => {
      if (f.dict) return dicts.get(f.dict)?.get(String(value)) ?? String(value);
      switch (f.type) {
        case 'money':
          return formatFen(Number(value));
        case 'bp':
          return `${Number(value) / 100}%`;
        case 'month':
          return `${String(value).slice(0, 4)}-${String(value).slice(4, 6)}`;
        case 'org':
          return orgs.get(Number(value)) ?? String(value);
        case 'state':
          return STATE_NAMES[String(value)] ?? dicts.get('STATUS')?.get(DOCUMENT_STATUS_CODE[value as DocumentState] ?? '') ?? String(value);
        default:
          return typeof value === 'object' ? JSON.stringify(value) : String(value);
      }
    })();
    return f.sensitive && !sensitive ? maskMiddle(text) : text;
  };
}
