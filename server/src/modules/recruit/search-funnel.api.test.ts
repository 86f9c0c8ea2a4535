import type { CandidateRecord, Funnel, Page, TalentRecord } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../../platform/db';
import { searchParts } from './resume-text';
import { fixTalentWordShares, talentWordShares } from './talent-word-stats';
import { talentPage, talentPageByScan } from './talents';

/**
 * The stored search words (recruit_talent_words) and the funnel's stored stage facts
 * (recruit_candidates.reached_stage, recruit_stage_events.left_at) against what they replace: the
 * plain GIN query over the talents and the walk of the stage history.
 */
let s: TestServer;
const tokens: Record<string, string> = {};
const R = '/recruit_api/recruit/';
const call = <T = unknown>(who: string, path: string, body: unknown = {}) => s.post<T>(R + path, body, tokens[who]);

beforeAll(async () => {
  s = await startTestServer();
  for (const u of ['rec01', 'mgr01']) tokens[u] = await s.login(u);
});
afterAll(() => s.close());

/** Words table rows that differ from the talents' search documents (none when the triggers kept up). */
async function wordsDrift(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    s.db,
    sql`SELECT count(*)::int AS n FROM (
          (SELECT w.word, t.id, t.updated_at, t.city, t.education, t.years, t.expected_salary, t.source, t.org_id, t.owner_user_id
             FROM recruit_talents t, unnest(tsvector_to_array(t.search_doc)) w(word) WHERE t.deleted_at IS NULL
           EXCEPT SELECT word, talent_id, updated_at, city, education, years, expected_salary, source, org_id, owner_user_id FROM recruit_talent_words)
          UNION ALL
          (SELECT word, talent_id, updated_at, city, education, years, expected_salary, source, org_id, owner_user_id FROM recruit_talent_words
           EXCEPT SELECT w.word, t.id, t.updated_at, t.city, t.education, t.years, t.expected_salary, t.source, t.org_id, t.owner_user_id
             FROM recruit_talents t, unnest(tsvector_to_array(t.search_doc)) w(word) WHERE t.deleted_at IS NULL)) x`,
  );
  return row?.n ?? -1;
}

describe('talent pool words', () => {
  it('hold exactly the search documents of the live talents, through saves and deletes', async () => {
    expect(await wordsDrift()).toBe(0);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM recruit_talent_words`);
    expect(n).toBeGreaterThan(200);
    const saved = (await call<TalentRecord>('rec01', 'talent/save', { name: '词表测试', city: '厦门', skills: ['Rust语言'], source: '001' })).data;
    expect(await wordsDrift()).toBe(0);
    const hit = (await call<Page<TalentRecord>>('rec01', 'talent/page', { keyword: 'rust' })).data;
    expect(hit.records.map((r) => r.id)).toEqual([saved.id]);
    await call('rec01', 'talent/save', { id: saved.id, name: '词表测试', city: '福州', skills: ['Erlang'], source: '001', ignoreDuplicate: true });
    expect(await wordsDrift()).toBe(0);
    expect((await call<Page<TalentRecord>>('rec01', 'talent/page', { keyword: 'rust' })).data.total).toBe(0);
    expect((await call<Page<TalentRecord>>('rec01', 'talent/page', { keyword: 'erlang', city: '福州' })).data.total).toBe(1);
    await s.db.execute(sql`UPDATE recruit_talents SET deleted_at = now() WHERE id = ${saved.id}`);
    expect(await wordsDrift()).toBe(0);
    expect((await call<Page<TalentRecord>>('rec01', 'talent/page', { keyword: 'erlang' })).data.total).toBe(0);
  });

  it('hold every part a query leaves out wherever they hold the word it is part of (工程 with 工程师)', async () => {
    const held = await queryRows<{ word: string }>(s.db, sql`SELECT DISTINCT word FROM recruit_talent_words`);
    const pairs = held.flatMap(({ word }) => searchParts(word).map((part) => ({ word, part })));
    expect(pairs.length).toBeGreaterThan(20);
    const [missing] = await queryRows<{ n: number }>(
      s.db,
      sql`SELECT count(*)::int AS n FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) AS p(word text, part text)
          JOIN recruit_talent_words w ON w.word = p.word
          WHERE NOT EXISTS (SELECT 1 FROM recruit_talent_words w2 WHERE w2.talent_id = w.talent_id AND w2.word = p.part)`,
    );
    expect(missing?.n).toBe(0);
  });

  it('answer every keyword and filter as the plain GIN query does: rows, order, snippets and totals', async () => {
    const common = await queryRows<{ word: string }>(
      s.db,
      sql`SELECT word FROM recruit_talent_words WHERE word ~ '^[a-z0-9]+$' OR word ~ '^[一-龥]+$' GROUP BY word ORDER BY count(*) DESC, word LIMIT 8`,
    );
    const words = common.map((c) => c.word);
    expect(words.length).toBe(8);
    const [city] = await queryRows<{ city: string }>(
      s.db,
      sql`SELECT city FROM recruit_talents WHERE city IS NOT NULL GROUP BY city ORDER BY count(*) DESC LIMIT 1`,
    );
    const keywords = [...words, `${words[0]} ${words[1]}`, `${words[2]} ${words[5]}`, `${words[0]} ${words[3]} ${words[7]}`, '没有这个词'];
    const filters = [{}, { city: city?.city }, { education: '003', yearsMin: 2, yearsMax: 12 }, { source: '001' }, { skill: 'Java' }];
    let compared = 0;
    // Every word rare (the words hidden from the planner) and every word common (planned for them).
    for (const share of [0, 1]) {
      fixTalentWordShares({ shareOf: () => share });
      try {
        for (const keyword of keywords)
          for (const f of filters)
            for (const pageIndex of [1, 2]) {
              const req = { keyword, ...f, pageIndex, pageSize: 7 };
              const expected = await talentPageByScan(s.db, null, req);
              // The default, and a walk along the words' order index for every keyword (no few-hits shortcut).
              expect(await talentPage(s.db, null, req)).toEqual(expected);
              expect(await talentPage(s.db, null, req, [], 0)).toEqual(expected);
              if (expected.records.length) compared++;
            }
      } finally {
        fixTalentWordShares(null);
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it("read the words' shares from the planner's statistics", async () => {
    await s.db.execute(sql`ANALYZE recruit_talents`);
    fixTalentWordShares(null);
    const [top] = await queryRows<{ word: string; share: number }>(
      s.db,
      sql`SELECT w.word, count(*)::float8 / (SELECT count(*) FROM recruit_talents WHERE deleted_at IS NULL) AS share
          FROM recruit_talent_words w GROUP BY w.word ORDER BY count(*) DESC, w.word LIMIT 1`,
    );
    const shares = await talentWordShares(s.db);
    expect(top?.share).toBeGreaterThan(0.15);
    expect(shares.shareOf(top?.word ?? '')).toBeCloseTo(top?.share ?? 0, 1);
    expect(shares.shareOf('没有这个词')).toBe(0);
    fixTalentWordShares(null);
  });
});

describe('funnel facts stored on the candidate and the event', () => {
  /** Candidates whose reached_stage, and events whose left_at, differ from the stage history. */
  async function factsDrift(): Promise<{ reached: number; left: number }> {
    const [r] = await queryRows<{ reached: number; left: number }>(
      s.db,
      sql`SELECT
            (SELECT count(*)::int FROM recruit_candidates c
              WHERE c.reached_stage IS DISTINCT FROM (SELECT max(e.to_stage) FROM recruit_stage_events e WHERE e.candidate_id = c.id AND e.to_stage < '090')) AS reached,
            (SELECT count(*)::int FROM (SELECT e.left_at, lead(e.at) OVER (PARTITION BY e.candidate_id ORDER BY e.at, e.id) AS next FROM recruit_stage_events e) x
              WHERE x.left_at IS DISTINCT FROM x.next) AS "left"`,
    );
    return r ?? { reached: -1, left: -1 };
  }

  it('follow every move, forward and out, and the funnel counts them', async () => {
    expect(await factsDrift()).toEqual({ reached: 0, left: 0 });
    const list = (await call<Page<CandidateRecord>>('rec01', 'candidate/getPageList', { pageSize: 50, stage: '010' })).data;
    const c = list.records[0] as CandidateRecord;
    const before = await queryRows<{ reached: string | null }>(s.db, sql`SELECT reached_stage AS reached FROM recruit_candidates WHERE id = ${c.id}`);
    expect(before[0]?.reached).toBe('010');
    const from = '2026-01-01';
    const to = '2026-12-31';
    const f0 = (await call<Funnel>('mgr01', 'analytics/funnel', { from, to })).data;

    expect((await call('rec01', 'candidate/move', { id: c.id, fromStage: '010', toStage: '020' })).status).toBe(200);
    const moved = await queryRows<{ reached: string | null }>(s.db, sql`SELECT reached_stage AS reached FROM recruit_candidates WHERE id = ${c.id}`);
    expect(moved[0]?.reached).toBe('020');
    const events = await queryRows<{ to: string; at: string; left: string | null }>(
      s.db,
      sql`SELECT to_stage AS "to", at::text AS at, left_at::text AS "left" FROM recruit_stage_events WHERE candidate_id = ${c.id} ORDER BY at, id`,
    );
    expect(events.map((e) => e.to)).toEqual(['010', '020']);
    expect(events[0]?.left).toBe(events[1]?.at);
    expect(events[1]?.left).toBeNull();

    // Out of the pipeline: the furthest stage stays 020; the time in 020 now ends.
    expect((await call('rec01', 'candidate/move', { id: c.id, fromStage: '020', toStage: '090', reason: '不合适' })).status).toBe(200);
    const out = await queryRows<{ reached: string | null }>(s.db, sql`SELECT reached_stage AS reached FROM recruit_candidates WHERE id = ${c.id}`);
    expect(out[0]?.reached).toBe('020');
    expect(await factsDrift()).toEqual({ reached: 0, left: 0 });

    const created = await queryRows<{ inPeriod: boolean }>(
      s.db,
      sql`SELECT created_at >= '2026-01-01'::timestamp AT TIME ZONE 'Asia/Shanghai' AND created_at < '2027-01-01'::timestamp AT TIME ZONE 'Asia/Shanghai' AS "inPeriod"
          FROM recruit_candidates WHERE id = ${c.id}`,
    );
    const f1 = (await call<Funnel>('mgr01', 'analytics/funnel', { from, to })).data;
    const reached = (f: Funnel, st: string) => f.stages.find((x) => x.stage === st)?.reached ?? 0;
    const step = created[0]?.inPeriod ? 1 : 0;
    expect(reached(f1, '010')).toBe(reached(f0, '010'));
    expect(reached(f1, '020')).toBe(reached(f0, '020') + step);
    expect(reached(f1, '030')).toBe(reached(f0, '030'));
    // The groupings add up to the same whole.
    const sum = (g: Funnel['byMonth']) => g.reduce((n, x) => n + x.candidates, 0);
    expect(sum(f1.byDemand)).toBe(sum(f1.byMonth));
    expect(sum(f1.byRecruiter)).toBe(sum(f1.byMonth));
    expect(sum(f1.bySource)).toBe(sum(f1.byMonth));
  });
});
