import type { TimelineEntry } from '@erp/contract';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal';
import { queryRows } from '../../platform/db';
import type { Platform } from '../../platform/platform';
import { dictionaryLabels } from '../../platform/resource/labels';
import { employeeFor } from './employee-access';
import { EVENT_KIND } from './employee-events';

/*
 * 员工时间线 (issue 39): one time-ordered view of a person's working life — the lifecycle events
 * (entry, 转正, transfers, adjustments with before and after, departure, renewals), performance
 * results, certificates and rewards, assets received and returned, leave — each with the document
 * behind it. Read by the person and by HR in scope (as the record sections are); pay never shows.
 */

interface Row {
  date: string;
  kind: TimelineEntry['kind'];
  code: string | null;
  a: string | null;
  b: string | null;
  c: string | null;
  d: string | null;
  document_no: string | null;
  ref: number | null;
}

const arrow = (from: string | null, to: string | null) => (from && to && from !== to ? `${from} → ${to}` : (to ?? from));

export async function employeeTimeline(platform: Platform, user: Principal, employeeId: number | null | undefined): Promise<TimelineEntry[]> {
  const { emp, access } = await employeeFor(platform.db, user, employeeId, 'read');
  const tz = platform.config.BUSINESS_TIME_ZONE;
  const rows = await queryRows<Row>(
    platform.db,
    sql`SELECT to_char(ev.effective_date, 'YYYY-MM-DD') AS date, 'lifecycle' AS kind, ev.kind AS code,
        concat_ws(' · ', fo.name, ev.from_position, fg.name) AS a, concat_ws(' · ', t.name, ev.to_position, tg.name) AS b,
        ev.remark AS c, NULL AS d, ev.document_no, NULL::int AS ref
      FROM employee_events ev LEFT JOIN org_units fo ON fo.id = ev.from_org_id LEFT JOIN org_units t ON t.id = ev.to_org_id
        LEFT JOIN grades fg ON fg.id = ev.from_grade_id LEFT JOIN grades tg ON tg.id = ev.to_grade_id
      WHERE ev.employee_id = ${emp.id}
    UNION ALL
    SELECT to_char(coalesce(p.updated_at, p.created_at) AT TIME ZONE ${tz}, 'YYYY-MM-DD'), 'performance', p.period_type,
        p.period, p.grade, (p.judge_score_tenths / 10.0)::text, NULL, p.document_no, p.id
      FROM performance_evaluations p WHERE p.employee_id = ${emp.id} AND p.state = 'passed'
    UNION ALL
    SELECT to_char(c.issue_date, 'YYYY-MM-DD'), 'certificate', NULL, c.name, c.issuer, to_char(c.expire_date, 'YYYY-MM-DD'), NULL, c.certificate_no, c.id
      FROM employee_certificates c WHERE c.employee_id = ${emp.id} AND c.issue_date IS NOT NULL
    UNION ALL
    SELECT to_char(w.award_date, 'YYYY-MM-DD'), 'award', NULL, w.name, NULL, NULL, NULL, NULL, w.id
      FROM employee_awards w WHERE w.employee_id = ${emp.id} AND w.award_date IS NOT NULL
    UNION ALL
    SELECT to_char(m.created_at AT TIME ZONE ${tz}, 'YYYY-MM-DD'), 'asset', m.kind, a.asset_code, a.name, m.remark, NULL, NULL, a.id
      FROM asset_movements m JOIN assets a ON a.id = m.asset_id
      WHERE ${emp.userId ?? 0} <> 0 AND m.user_id = ${emp.userId ?? 0} AND m.kind IN ('002', '003', '005', '007')
    UNION ALL
    SELECT to_char(l.start_date, 'YYYY-MM-DD'), 'leave', l.leave_type, to_char(l.end_date, 'YYYY-MM-DD'), (l.minutes / 60.0)::text, l.remark, NULL, NULL, l.id
      FROM fin_leave_records l WHERE l.deleted_at IS NULL AND (l.employee_id = ${emp.id} OR (l.employee_id IS NULL AND l.user_id = ${emp.userId ?? 0}))
    ORDER BY 1 DESC, 2`,
  );
  const dicts = await dictionaryLabels(platform).labels(['EMPEVENT', 'PERFPERIOD', 'PERFGRADE', 'ASSETMOVE', 'LEAVETYPE']);
  const name = (type: string, code: string | null) => (code ? (dicts.get(type)?.get(code) ?? code) : '');
  const self = access === 'self';
  return rows.map((r): TimelineEntry => {
    const base = { date: r.date, kind: r.kind, documentNo: r.document_no };
    switch (r.kind) {
      // 'leave' last, as the default: the kinds are the SELECT's own literals.
      case 'lifecycle': {
        const moved = r.code === EVENT_KIND.transfer || r.code === EVENT_KIND.adjustment;
        return {
          ...base,
          title: name('EMPEVENT', r.code),
          detail: [moved ? arrow(r.a, r.b) : r.b || r.a, r.c].filter(Boolean).join('；') || null,
          link: null,
        };
      }
      case 'performance':
        return {
          ...base,
          title: `${name('PERFPERIOD', r.code)}绩效 ${r.a}`,
          detail: [r.b ? `等级 ${name('PERFGRADE', r.b)}` : null, r.c ? `得分 ${Number(r.c)}` : null].filter(Boolean).join('，') || null,
          link: `/PerformanceManagement/PerformanceEvaluationDetails?id=${r.ref}`,
        };
      case 'certificate':
        return {
          ...base,
          title: `取得资格证书「${r.a}」`,
          detail: [r.b ? `发证机构 ${r.b}` : null, r.c ? `有效期至 ${r.c}` : null].filter(Boolean).join('，') || null,
          link: self ? '/PersonalCenter/EditCertificate' : null,
        };
      case 'award':
        return { ...base, title: `获得奖励「${r.a}」`, detail: null, link: self ? '/PersonalCenter/EditReward' : null };
      case 'asset':
        return { ...base, title: `${name('ASSETMOVE', r.code)} ${r.b}（${r.a}）`, detail: r.c, documentNo: r.a, link: null };
      default:
        return {
          ...base,
          title: `请假：${name('LEAVETYPE', r.code)}`,
          detail: `${r.date} 至 ${r.a}，共 ${Math.round(Number(r.b) * 10) / 10} 小时${r.c ? `；${r.c}` : ''}`,
          link: null,
        };
    }
  });
}
