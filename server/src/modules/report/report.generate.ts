import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db';

/**
 * Two years of history on the generated data set, for the report centre's benchmark
 * (`npm run db:generate -- … --history`): every eighth generated employee left within the last two
 * years (state 已离职, last working day, departure event), the generated demands get posts with head
 * counts, half of the generated candidates move a year back (with their stage events), and the
 * candidates get what their stage implies: an interview from 030, a passed offer from 050, a hire at 080;
 * talents from 猎头/供应商 name a supplier. Set-based, seconds for 50,000 people and 200,000 candidates.
 * Accounts of leavers stay enabled: benchmarks sign in as generated users.
 */
export async function generateHistory(db: Db, log: (m: string) => void = () => {}): Promise<void> {
  const started = Date.now();
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await tx.execute(sql`
      UPDATE employees e SET employ_state = '005', status = '005',
        leave_date = greatest(e.entry_date, current_date - 1 - (e.id * 37) % 730)
      WHERE e.employee_code LIKE 'G%' AND e.id % 8 = 3 AND e.entry_date < current_date - 1 AND e.leave_date IS NULL`);
    await tx.execute(sql`
      INSERT INTO employee_events (employee_id, kind, effective_date, from_org_id, remark)
      SELECT e.id, '005', e.leave_date, e.org_id, '离职'
      FROM employees e WHERE e.employee_code LIKE 'G%' AND e.employ_state = '005' AND e.leave_date IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM employee_events x WHERE x.employee_id = e.id AND x.kind = '005')`);
    log(`leavers in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    await tx.execute(sql`
      INSERT INTO recruit_demand_posts (demand_id, post_name, headcount)
      SELECT d.id, d.name, 1 + d.id % 10 FROM recruit_demands d
      WHERE d.demand_no LIKE 'XQG%' AND NOT EXISTS (SELECT 1 FROM recruit_demand_posts p WHERE p.demand_id = d.id)`);
    const gen = sql`c.demand_id IN (SELECT id FROM recruit_demands WHERE demand_no LIKE 'XQG%')`;
    await tx.execute(sql`
      UPDATE recruit_stage_events e SET at = e.at - interval '365 days', left_at = e.left_at - interval '365 days'
      FROM recruit_candidates c WHERE c.id = e.candidate_id AND c.id % 2 = 0 AND ${gen}`);
    await tx.execute(sql`
      UPDATE recruit_candidates c SET created_at = c.created_at - interval '365 days', stage_at = c.stage_at - interval '365 days'
      WHERE c.id % 2 = 0 AND ${gen}`);
    const [rec] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE user_code = 'rec01'`);
    const recruiter = rec?.id ?? 1;
    await tx.execute(sql`
      INSERT INTO recruit_interviews (candidate_id, round, interviewer_user_id, starts_at, ends_at, mode, status, score, created_by)
      SELECT c.id, '001', ${recruiter}, c.created_at + interval '6 days', c.created_at + interval '6 days 1 hour', '001',
             CASE WHEN c.reached_stage >= '040' THEN '002' WHEN c.stage >= '090' THEN '003' WHEN c.id % 17 = 0 THEN '004' ELSE '001' END,
             CASE WHEN c.reached_stage >= '040' THEN 80 ELSE 55 END, ${recruiter}
      FROM recruit_candidates c WHERE c.reached_stage >= '030' AND ${gen}
        AND NOT EXISTS (SELECT 1 FROM recruit_interviews i WHERE i.candidate_id = c.id)`);
    await tx.execute(sql`
      INSERT INTO recruit_offers (candidate_id, monthly_salary, probation_months, entry_date, org_id, position_name, state, employ_stage, recruiter_user_id, created_at, created_by)
      SELECT c.id, 1200000, 3, (c.created_at + interval '30 days')::date, c.org_id, '专员', 'passed',
             CASE c.stage WHEN '050' THEN '001' WHEN '060' THEN '002' WHEN '070' THEN '005' WHEN '080' THEN '006' ELSE '007' END,
             c.recruiter_user_id, c.created_at + interval '12 days', ${recruiter}
      FROM recruit_candidates c WHERE c.reached_stage >= '050' AND ${gen}
        AND NOT EXISTS (SELECT 1 FROM recruit_offers o WHERE o.candidate_id = c.id)`);
    await tx.execute(sql`
      INSERT INTO recruit_hires (offer_id, candidate_id, talent_id, demand_id, name, phone, org_id, person_category, position_name, entry_date,
                                 monthly_salary, probation_months, recruiter_user_id, status, created_at)
      SELECT o.id, c.id, c.talent_id, c.demand_id, t.name, t.phone, c.org_id, '001', '专员', o.entry_date, o.monthly_salary, 3, c.recruiter_user_id,
             'taken', c.created_at + interval '30 days'
      FROM recruit_candidates c JOIN recruit_offers o ON o.candidate_id = c.id JOIN recruit_talents t ON t.id = c.talent_id
      WHERE c.stage = '080' AND ${gen} AND NOT EXISTS (SELECT 1 FROM recruit_hires h WHERE h.offer_id = o.id)`);
    await tx.execute(sql`
      UPDATE recruit_talents t SET supply_id = s.id
      FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM demand_supplies) s
      WHERE t.source = '003' AND t.supply_id IS NULL AND s.n = t.id % (SELECT count(*) FROM demand_supplies)`);
  });
  log(`report history in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
