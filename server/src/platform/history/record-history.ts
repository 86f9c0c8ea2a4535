import { DOCUMENT_STATUS_CODE, type DocumentState, formatFen, type HistoryChange, type HistoryEntry, type HistoryKind, maskMiddle } from '@erp/contract';
import type { ResourceMeta } from '@erp/contract/resource';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal';
import { type Db, queryRows } from '../db';
import { notFound } from '../errors';
import type { Platform } from '../platform';
import { dictionaryLabels, exportStamp } from '../resource/labels';

/*
 * The history of a record on the record (issue 34 §4, docs/domain/controls.md §4). A module
 * registers a kind: which columns of its table's snapshots are shown, with their labels as on the
 * form and how each value reads, and who may read it. The versions come from the database trigger
 * of the table (record_versions); the approval steps from the requests the record has had.
 */

export interface HistoryField {
  label: string;
  /** How a value reads: fen as yuan, basis points as a percentage, yyyymm, minutes as hours, a dictionary, a unit's or a user's name, a document state. */
  type?: 'money' | 'bp' | 'month' | 'minutes' | 'datetime' | 'org' | 'user' | 'state';
  dict?: string;
  /** Names of the codes of a state column that no dictionary holds (applied → 已申请). */
  values?: Record<string, string>;
  /** Masked (as the record masks it) unless the reader sees sensitive values. */
  sensitive?: boolean;
  /** Ids named from a table of the module's: a query of `id, name` for the ids given (a budget subject). */
  names?: (ids: SQL) => SQL;
}

type Snapshot = Record<string, unknown>;
type Fields = Record<string, HistoryField>;

/**
 * A part of a record kept in its own table (a bill's invoices, an employee's education rows): its
 * table's trigger names the kind and the column holding the record's id (migration 0037), and its
 * entries stand in the record's history, named by the part's label and the row's title.
 */
export interface HistoryPart {
  kind: string;
  label: string;
  /** Columns naming one row in its entries, the first with a value (an invoice by its number, else its application's), read as its field reads. */
  title?: string[];
  /** Names a row by all its title columns together (a budget line by subject and month). */
  titleAll?: boolean;
  fields: Fields;
}

export interface HistoryKindSpec {
  kind: HistoryKind;
  /** Snapshot columns (snake_case, as stored) shown in the history. */
  fields: Fields;
  parts?: HistoryPart[];
  /** Refuses (404) unless `user` may read the record; says whether sensitive values are shown to them. */
  access(db: Db, user: Principal, id: number): Promise<{ sensitive: boolean }>;
}

const kinds = new Map<HistoryKind, HistoryKindSpec>();

export function registerHistoryKind(spec: HistoryKindSpec): void {
  kinds.set(spec.kind, spec);
}

/**
 * History fields from a contract's resource meta (the form's labels and dictionaries) for the
 * columns of a table: `columns` maps a meta key to its column name (drizzle's getTableColumns).
 * Files and passwords are not history.
 */
export function historyFieldsOf(
  meta: ResourceMeta<Record<string, unknown>>,
  columns: Record<string, { name: string }>,
  sensitive: readonly string[] = [],
): Fields {
  const out: Fields = {};
  for (const [key, f] of Object.entries(meta.fields)) {
    const column = columns[key];
    if (!f || !column || f.valueType === 'file' || f.valueType === 'password') continue;
    const type = f.valueType === 'money' ? 'money' : f.valueType === 'org' ? 'org' : f.valueType === 'user' ? 'user' : undefined;
    out[column.name] = {
      label: f.label,
      ...(f.dict ? { dict: f.dict } : {}),
      ...(type ? { type } : {}),
      ...(sensitive.includes(key) ? { sensitive: true } : {}),
    };
  }
  return out;
}

const STATE_NAMES: Record<string, string> = { draft: '草稿', approving: '审批中', returned: '已退回', passed: '已通过', rejected: '已驳回', revoked: '已撤回' };
const OUTCOMES: Record<string, string> = { pass: '通过', reject: '驳回', rollback: '退回', resubmit: '重新提交' };
const ACTIONS = { created: '创建', changed: '修改', deleted: '删除' } as const;

interface Version {
  id: number;
  kind: string;
  record_id: number;
  at: string;
  ms: string;
  action: string;
  snapshot: Snapshot;
  user_name: string | null;
}
type Entry = HistoryEntry & { ms: number; order: number };

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The entries of one row's versions (oldest first): its creation, each change of a shown field, its deletion. */
function rowEntries(versions: Version[], fields: Fields, format: (field: string, value: unknown) => string | null, part: HistoryPart | null): Entry[] {
  const entries: Entry[] = [];
  const named = (snapshot: Snapshot) => {
    if (!part) return null;
    const titles = (part.title ?? []).map((c) => format(c, snapshot[c])).filter((t) => t !== null);
    const title = part.titleAll ? titles.join(' ') : titles[0];
    return title ? `${part.label} ${title}` : part.label;
  };
  const entry = (v: Version, type: keyof typeof ACTIONS, changes: HistoryChange[]): Entry => ({
    at: v.at,
    userName: v.user_name,
    type,
    action: ACTIONS[type],
    part: named(v.snapshot),
    changes,
    comment: null,
    ms: Number(v.ms),
    order: v.id,
  });
  const diff = (before: Snapshot, after: Snapshot) =>
    Object.entries(fields).flatMap(([field, f]): HistoryChange[] =>
      sameValue(before[field], after[field]) ? [] : [{ field, label: f.label, from: format(field, before[field]), to: format(field, after[field]) }],
    );
  for (const [i, v] of versions.entries()) {
    const before = versions[i - 1]?.snapshot;
    if (v.action === 'baseline') continue;
    if (v.action === 'delete') entries.push(entry(v, 'deleted', part ? diff(v.snapshot, {}) : []));
    // A part's creation lists what it was created with; the record's own names only the event.
    else if (v.action === 'insert' || !before) entries.push(entry(v, 'created', part ? diff({}, v.snapshot) : []));
    else {
      const changes = diff(before, v.snapshot);
      // A change of columns the history does not show (kept sums, search pieces) is not an entry.
      if (changes.length) entries.push(entry(v, 'changed', changes));
    }
  }
  return entries;
}

const VERSION_COLUMNS = sql`v.id, v.kind, v.record_id, to_char(v.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at,
  (extract(epoch FROM v.at) * 1000)::bigint AS ms, v.action, v.snapshot, u.real_name AS user_name`;
const list = (values: Array<string | number>) =>
  sql.join(
    values.map((n) => sql`${n}`),
    sql`, `,
  );

/** Every entry of a record's history, its parts' included, newest first. */
export async function recordHistory(platform: Platform, user: Principal, kind: HistoryKind, id: number): Promise<HistoryEntry[]> {
  const spec = kinds.get(kind);
  if (!spec) throw notFound('不支持的记录类型');
  const { sensitive } = await spec.access(platform.db, user, id);
  const db = platform.db;
  const parts = spec.parts ?? [];
  // `ms` orders the entries: several changes and an approval often fall within one second.
  const versions = await queryRows<Version>(
    db,
    sql`SELECT ${VERSION_COLUMNS} FROM record_versions v LEFT JOIN users u ON u.id = v.user_id
      WHERE v.kind = ${kind} AND v.record_id = ${id} ORDER BY v.id`,
  );
  const partVersions = parts.length
    ? await queryRows<Version>(
        db,
        sql`SELECT ${VERSION_COLUMNS} FROM record_versions v LEFT JOIN users u ON u.id = v.user_id
          WHERE v.kind IN (${list(parts.map((p) => p.kind))}) AND v.parent_id = ${id} ORDER BY v.id`,
      )
    : [];
  const entries: Entry[] = [];
  const own = await formatter(
    platform,
    spec.fields,
    versions.map((v) => v.snapshot),
    sensitive,
  );
  entries.push(...rowEntries(versions, spec.fields, own, null));
  for (const part of parts) {
    const mine = partVersions.filter((v) => v.kind === part.kind);
    if (!mine.length) continue;
    const format = await formatter(
      platform,
      part.fields,
      mine.map((v) => v.snapshot),
      sensitive,
    );
    const rows = new Map<number, Version[]>();
    for (const v of mine) rows.set(v.record_id, [...(rows.get(v.record_id) ?? []), v]);
    for (const row of rows.values()) entries.push(...rowEntries(row, part.fields, format, part));
  }
  // The requests of the record and of its parts (a contract renewal, an invoice void).
  const instances = [...new Set([...versions, ...partVersions].map((v) => Number(v.snapshot.process_instance_id)).filter((n) => Number.isInteger(n) && n > 0))];
  if (instances.length) {
    const steps = await queryRows<{ at: string; ms: string; node: string; outcome: string; message: string | null; user_name: string | null; id: number }>(
      db,
      sql`SELECT t.id, to_char(t.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, (extract(epoch FROM t.completed_at) * 1000)::bigint AS ms,
        t.node_name AS node, t.outcome, t.message, u.real_name AS user_name
        FROM wf_tasks t LEFT JOIN users u ON u.id = t.completed_by
        WHERE t.instance_id IN (${list(instances)}) AND t.status = 'done' AND t.outcome IN ('pass', 'reject', 'rollback', 'resubmit') AND t.completed_at IS NOT NULL`,
    );
    for (const s of steps)
      entries.push({
        at: s.at,
        userName: s.user_name,
        type: 'approval',
        action: `${s.node}：${OUTCOMES[s.outcome] ?? s.outcome}`,
        part: null,
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
async function formatter(platform: Platform, fields: Fields, snapshots: Snapshot[], sensitive: boolean) {
  const dictTypes = [...new Set(Object.values(fields).flatMap((f) => (f.dict ? [f.dict] : f.type === 'state' ? ['STATUS'] : [])))];
  const dicts = dictTypes.length ? await dictionaryLabels(platform).labels(dictTypes) : new Map<string, Map<string, string>>();
  const orgIds = new Set<number>();
  const userIds = new Set<number>();
  for (const [field, f] of Object.entries(fields))
    for (const s of snapshots)
      if ((f.type === 'org' || f.type === 'user') && s[field] !== null && Number.isInteger(Number(s[field])))
        (f.type === 'org' ? orgIds : userIds).add(Number(s[field]));
  const names = async (ids: Set<number>, query: (ids: SQL) => SQL) => {
    const out = new Map<number, string>();
    if (ids.size) for (const r of await queryRows<{ id: number; name: string }>(platform.db, query(list([...ids])))) out.set(Number(r.id), r.name);
    return out;
  };
  const orgs = await names(orgIds, (ids) => sql`SELECT id, name FROM org_units WHERE id IN (${ids})`);
  const people = await names(userIds, (ids) => sql`SELECT id, real_name AS name FROM users WHERE id IN (${ids})`);
  const named = new Map<string, Map<number, string>>();
  for (const [field, f] of Object.entries(fields)) {
    const query = f.names;
    if (!query) continue;
    const ids = new Set(snapshots.map((s) => Number(s[field])).filter((n) => Number.isInteger(n)));
    named.set(field, await names(ids, query));
  }
  return (field: string, value: unknown): string | null => {
    if (value === null || value === undefined || value === '') return null;
    const f = fields[field];
    if (!f) return String(value);
    const text = (() => {
      if (f.dict) return dicts.get(f.dict)?.get(String(value)) ?? String(value);
      if (f.names) return named.get(field)?.get(Number(value)) ?? String(value);
      if (f.values) return f.values[String(value)] ?? String(value);
      switch (f.type) {
        case 'money':
          return formatFen(Number(value));
        case 'bp':
          return `${Number(value) / 100}%`;
        case 'month':
          return `${String(value).slice(0, 4)}-${String(value).slice(4, 6)}`;
        case 'datetime':
          return exportStamp.format(new Date(String(value)));
        case 'minutes':
          return `${Math.round((Number(value) / 60) * 100) / 100} 小时`;
        case 'org':
          return orgs.get(Number(value)) ?? String(value);
        case 'user':
          return people.get(Number(value)) ?? String(value);
        case 'state':
          return STATE_NAMES[String(value)] ?? dicts.get('STATUS')?.get(DOCUMENT_STATUS_CODE[value as DocumentState] ?? '') ?? String(value);
        default:
          return typeof value === 'object' ? JSON.stringify(value) : String(value);
      }
    })();
    return f.sensitive && !sensitive ? maskMiddle(text) : text;
  };
}
