import { HELP_MSG, LEAVE_REQUEST_KEY, type XiaodeAnswer, type XiaodeFact, type XiaodePassage } from '@erp/contract';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal';
import { BusinessCalendar } from '../../platform/business-time';
import type { Config } from '../../platform/config';
import { type Db, queryRows } from '../../platform/db';
import { searchArticles } from './help.service';
import { bestPassage, highlight } from './help-text';

/**
 * The Xiaode assistant. What it may use is decided here and nowhere else: published help articles
 * (what every signed-in user reads) and figures read with the asker's own user id (their leave,
 * the requests they started). Nothing else reaches the answer or the AI endpoint, whatever the
 * question asks for — a question about someone else gets the asker's own figures or none.
 */

const LEAVE_WORDS = /年假|年休假|休假|假期|请假|调休|leave/i;
const LEAVE_BALANCE = /剩|还有|余|多少|几天|额度|balance|left/i;
const REQUEST_WORDS = /申请|流程|审批|调动|调岗|转正|离职|请假|报销|用印|合同|证明|名片|进度|到哪|哪一步|哪个环节|状态|request/i;
const WHERE_WORDS = /在哪|到哪|哪一步|进度|状态|环节|卡在|谁在审|审批到|where|status/i;
const PAYSLIP_WORDS = /工资条|工资单|工资|薪资|薪水|payslip|salary/i;
const WHEN_WORDS = /什么时候|哪天|几号|何时|最近|最新|上个月|上月|发了吗|发没发|出了吗|日期|when|last|latest/i;

/** Statutory paid annual leave (职工带薪年休假条例 §3): by cumulative years of work. */
export function annualLeaveDays(workYears: number): number {
  if (workYears < 1) return 0;
  if (workYears < 10) return 5;
  if (workYears < 20) return 10;
  return 15;
}

function fullYears(from: string, today: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

const fmtDays = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The asker's annual leave this year: statutory days, taken (passed requests), asked (open requests), left. */
async function leaveFacts(db: Db, user: Principal, calendar: BusinessCalendar): Promise<XiaodeFact[]> {
  const today = calendar.day();
  const year = today.slice(0, 4);
  const [me] = await queryRows<{ since: string | null }>(
    db,
    sql`SELECT to_char(coalesce(work_start_date, entry_date), 'YYYY-MM-DD') AS since FROM employees WHERE user_id = ${user.userId} LIMIT 1`,
  );
  const [used] = await queryRows<{ taken: string; asked: string }>(
    db,
    sql`SELECT coalesce(sum(CASE WHEN status = 'passed' THEN (vars->>'days')::numeric END), 0)::text AS taken,
               coalesce(sum(CASE WHEN status IN ('running', 'returned') THEN (vars->>'days')::numeric END), 0)::text AS asked
        FROM wf_instances
        WHERE initiator_user_id = ${user.userId} AND process_key = ${LEAVE_REQUEST_KEY} AND vars->>'leaveType' = '001'
          AND vars->>'days' ~ '^[0-9]+(\\.[0-9]+)?$' AND left(vars->>'startDate', 4) = ${year}`,
  );
  const taken = Number(used?.taken ?? 0);
  const asked = Number(used?.asked ?? 0);
  if (!me?.since) {
    return [
      { kind: 'leave', label: `${year}年已休年假`, value: `${fmtDays(taken)} 天（未找到您的入职或参加工作日期，无法计算年假额度）`, link: '/Initiate/index' },
    ];
  }
  const entitled = annualLeaveDays(fullYears(me.since, today));
  const left = Math.max(0, entitled - taken);
  return [
    {
      kind: 'leave',
      label: `${year}年剩余年假`,
      value: `${fmtDays(left)} 天（法定 ${entitled} 天，已休 ${fmtDays(taken)} 天${asked ? `，审批中 ${fmtDays(asked)} 天` : ''}）`,
      link: '/Initiate/index',
    },
  ];
}

/**
 * The asker's latest payslip: its month and when it was released (the month's payroll closed). Never
 * an amount: reading a payslip asks for the password again (我的工资条), and an answer must not skip that.
 */
async function payslipFacts(db: Db, user: Principal, calendar: BusinessCalendar): Promise<XiaodeFact[]> {
  const [last] = await queryRows<{ month: number; closedAt: Date | string | null }>(
    db,
    sql`SELECT s.month, r.closed_at AS "closedAt" FROM pay_slips s JOIN pay_runs r ON r.id = s.run_id
        WHERE s.user_id = ${user.userId} AND r.state = 'closed' ORDER BY s.month DESC LIMIT 1`,
  );
  if (!last) return [{ kind: 'payslip', label: '我的工资条', value: '您还没有已发放的工资条', link: '/Salary/index' }];
  const month = `${Math.floor(last.month / 100)}年${last.month % 100}月`;
  const released = last.closedAt ? calendar.day(new Date(last.closedAt)) : null;
  return [
    {
      kind: 'payslip',
      label: '最近一次工资条',
      value: `${month}的工资条${released ? `，${released} 发放` : '已发放'}（查看金额请在“我的工资条”中输入登录密码）`,
      link: '/Salary/index',
    },
  ];
}

const STATUS_TEXT: Record<string, string> = {
  running: '审批中',
  returned: '已退回，待您修改后重新提交',
  passed: '已通过',
  rejected: '已驳回',
  revoked: '已撤回',
  terminated: '已终止',
};

/** The asker's own requests: the one the question names (by process name), else the latest open ones. */
async function requestFacts(db: Db, user: Principal, question: string, words: string[]): Promise<XiaodeFact[]> {
  const rows = await queryRows<{ id: number; title: string; processName: string; status: string; nodes: string | null; holders: string | null }>(
    db,
    sql`SELECT i.id, i.title, i.process_name AS "processName", i.status,
               (SELECT string_agg(DISTINCT t.node_name, '、') FROM wf_tasks t WHERE t.instance_id = i.id AND t.status = 'pending' AND t.kind = 'approve') AS nodes,
               (SELECT string_agg(DISTINCT u.real_name, '、') FROM wf_tasks t JOIN users u ON u.id = coalesce(t.assignee_user_id, t.candidate_user_ids[1])
                 WHERE t.instance_id = i.id AND t.status = 'pending' AND t.kind = 'approve') AS holders
        FROM wf_instances i WHERE i.initiator_user_id = ${user.userId}
        ORDER BY (i.status IN ('running', 'returned')) DESC, i.started_at DESC, i.id DESC LIMIT 50`,
  );
  const named = rows.filter((r) => words.some((w) => w.length > 1 && (r.processName.includes(w) || r.title.includes(w))) || question.includes(r.processName));
  const pick = (named.length ? named : rows.filter((r) => r.status === 'running' || r.status === 'returned')).slice(0, 3);
  if (!pick.length)
    return [
      {
        kind: 'request',
        label: '我发起的申请',
        value: named.length || !rows.length ? '您还没有发起过相关申请' : '您目前没有审批中的申请',
        link: '/Initiate/index',
      },
    ];
  return pick.map((r) => ({
    kind: 'request',
    label: `${r.processName}：${r.title}`,
    value: `${STATUS_TEXT[r.status] ?? r.status}${r.status === 'running' && r.nodes ? `，当前环节：${r.nodes}${r.holders ? `（处理人：${r.holders}）` : ''}` : ''}`,
    link: '/Initiate/index',
  }));
}

/** An answer must hold at least this share of the question (by the words' rarity, help-index.ts). */
export const ANSWERS_A_QUESTION = 0.5;
/** And score at least this share of the best answer's: the rest is noise beside it. */
const MIN_SHARE_OF_BEST = 0.6;

/**
 * The articles worth citing: holding enough of the question, close enough to the best. Better no
 * answer than three unrelated ones (issue 37).
 */
export function confident<T extends { id: number; rank: number }>(rows: T[], coverage: Map<number, number>): T[] {
  const best = rows[0]?.rank ?? 0;
  return rows.filter((r) => (coverage.get(r.id) ?? 0) >= ANSWERS_A_QUESTION && r.rank >= best * MIN_SHARE_OF_BEST).slice(0, 3);
}

export interface Retrieval {
  question: string;
  passages: XiaodePassage[];
  facts: XiaodeFact[];
}

/** What the assistant knows for a question: the best passages and the asker's own figures. */
export async function retrieve(db: Db, user: Principal, question: string, timeZone: string): Promise<Retrieval> {
  const found = await searchArticles(db, null, question, { limit: 5, meaningful: true });
  const passages = confident(found.rows, found.coverage).map((a) => {
    const best = bestPassage(found.bodies.get(a.id) ?? '', found.words, 200);
    return {
      articleId: a.id,
      slug: a.slug,
      title: a.title,
      text: best.text,
      highlighted: highlight(best.text, found.words),
      link: `/helpCenter/detail?id=${encodeURIComponent(a.slug)}`,
    };
  });
  const facts: XiaodeFact[] = [];
  const calendar = new BusinessCalendar(timeZone);
  if (LEAVE_WORDS.test(question) && LEAVE_BALANCE.test(question) && !WHERE_WORDS.test(question)) facts.push(...(await leaveFacts(db, user, calendar)));
  else if (PAYSLIP_WORDS.test(question) && WHEN_WORDS.test(question)) facts.push(...(await payslipFacts(db, user, calendar)));
  else if (REQUEST_WORDS.test(question) && WHERE_WORDS.test(question)) facts.push(...(await requestFacts(db, user, question, found.words)));
  return { question, passages, facts };
}

/** The offline answer: the figures, then the passages with their titles. */
export function composeAnswer(r: Retrieval): string {
  const lines: string[] = [];
  for (const f of r.facts) lines.push(`${f.label}：${f.value}`);
  if (r.passages.length) {
    if (lines.length) lines.push('');
    lines.push('以下帮助可能对您有用：');
    for (const p of r.passages) lines.push(`《${p.title}》${p.text}`);
  }
  if (!lines.length) lines.push('抱歉，小德没有找到相关的帮助。您可以换个说法，或在帮助中心搜索、联系系统管理员。');
  return lines.join('\n');
}

/** The messages sent to the AI endpoint: only the retrieval, never anything else. */
export function chatMessages(r: Retrieval): Array<{ role: 'system' | 'user'; content: string }> {
  const context = [...r.facts.map((f) => `【我的数据】${f.label}：${f.value}`), ...r.passages.map((p, i) => `【帮助${i + 1}】《${p.title}》${p.text}`)].join(
    '\n',
  );
  return [
    {
      role: 'system',
      content:
        '你是企业信息管理平台的助手“小德”。只根据下面提供的资料用简体中文简洁回答；资料中没有的内容请直接说不知道，并建议用户查看帮助中心或联系系统管理员。不要编造数据。',
    },
    { role: 'user', content: `资料：\n${context || '（无）'}\n\n问题：${r.question}` },
  ];
}

export function aiConfigured(config: Config): boolean {
  return Boolean(config.AI_BASE_URL && config.AI_API_KEY);
}

/**
 * Streams the answer of an OpenAI-compatible endpoint (`stream: true`, server-sent `data:` lines),
 * calling `onDelta` with each piece; answers the whole text. Throws when the endpoint fails.
 */
export async function streamChat(config: Config, r: Retrieval, onDelta: (text: string) => void, signal?: AbortSignal): Promise<string> {
  const base = (config.AI_BASE_URL ?? '').replace(/\/+$/, '');
  const res = await fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${config.AI_API_KEY}` },
    body: JSON.stringify({ model: config.AI_MODEL, stream: true, temperature: 0.2, messages: chatMessages(r) }),
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(60_000)]) : AbortSignal.timeout(60_000),
  });
  if (!res.ok || !res.body) throw new Error(`AI endpoint answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let whole = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return whole;
      try {
        const piece = (JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content;
        if (piece) {
          whole += piece;
          onDelta(piece);
        }
      } catch {
        // A line that is not JSON (a keep-alive comment, a provider's own event) carries no text.
      }
    }
  }
  return whole;
}

/** The whole answer at once (the JSON call): AI when configured and working, else retrieval. */
export async function answer(db: Db, config: Config, user: Principal, question: string): Promise<XiaodeAnswer> {
  const r = await retrieve(db, user, question, config.BUSINESS_TIME_ZONE);
  if (aiConfigured(config)) {
    try {
      const text = await streamChat(config, r, () => undefined);
      if (text.trim()) return { question, answer: text, passages: r.passages, facts: r.facts, source: 'ai' };
    } catch {
      return { question, answer: `${HELP_MSG.aiFailed}\n${composeAnswer(r)}`, passages: r.passages, facts: r.facts, source: 'retrieval' };
    }
  }
  return { question, answer: composeAnswer(r), passages: r.passages, facts: r.facts, source: 'retrieval' };
}
