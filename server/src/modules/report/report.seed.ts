import { sql } from 'drizzle-orm';
import { chineseName, isoDay, POSITIONS, seededRandom } from '../../db/seed/names';
import type { ModuleSeed } from '../../db/seed/types';
import { pinyinInitials } from '../../platform/pinyin';
import { reportMenus } from './report.menus';

const DAY = 86_400_000;
const UNITS = ['D001', 'D003', 'T001', 'T002', 'T003', 'T004', 'T005', 'T006', 'T007', 'D101', 'T101'];
const CLIENTS = ['C900', 'C901', 'C902'];

/**
 * History for the reports: 36 former employees who joined and left over the last two and a half
 * years (accounts disabled, state 已离职, with their entry and departure events), across units,
 * categories and clients; and the outside suppliers of the talents that came through 猎头/供应商.
 * Every other person of the demo is on the roster, so the head-count reports have entries and
 * departures in most months.
 */
export const reportSeed: ModuleSeed = {
  name: 'report',
  menus: reportMenus,
  async seed(ctx) {
    const rand = seededRandom(2020);
    const today = ctx.businessDay.getTime();
    const org = (code: string) => ctx.orgIds.get(code) ?? null;
    for (let i = 0; i < 36; i++) {
      const unit = UNITS[i % UNITS.length] as string;
      const category = i % 6 === 1 ? '002' : i % 6 === 4 ? '003' : i % 9 === 7 ? '004' : '001';
      const client = category === '002' || category === '003' ? org(CLIENTS[i % CLIENTS.length] as string) : null;
      // Entered 3–30 months ago, stayed 1–20 months, left before today.
      const entry = today - (90 + Math.floor(rand() * 810)) * DAY;
      const leave = Math.min(today - (1 + Math.floor(rand() * 20)) * DAY, entry + (30 + Math.floor(rand() * 600)) * DAY);
      const name = chineseName(rand);
      const code = `ex${String(i + 1).padStart(3, '0')}`;
      const orgId = org(unit);
      const rows = await ctx.db.execute(sql`
        WITH u AS (
          INSERT INTO users (user_code, real_name, name_pinyin, password_hash, email, org_id, company_id, person_category, outsource, enabled)
          VALUES (${code}, ${name}, ${pinyinInitials(name)}, ${ctx.demoPasswordHash}, ${`${code}@dingcai.example`}, ${orgId},
                  (SELECT c.id FROM org_units c, org_units o WHERE o.id = ${orgId} AND c.type = 'company' AND o.path LIKE c.path || '%' ORDER BY c.depth DESC LIMIT 1),
                  ${category}, ${category === '001' ? '000' : '001'}, false)
          RETURNING id, company_id)
        INSERT INTO employees (user_id, employee_code, name, gender, org_id, company_id, position_name, person_category, outsource, entry_date, status,
                               regular_status, employ_state, leave_date, client_company_id, settlement_org_id, salary_cents)
        SELECT u.id, 'E' || (10000 + u.id), ${name}, ${rand() < 0.5 ? '1' : '2'}, ${orgId}, u.company_id, ${POSITIONS[i % POSITIONS.length] as string},
               ${category}, ${category === '001' ? '000' : '001'}, ${isoDay(new Date(entry))}::date, '005', '010', '005', ${isoDay(new Date(leave))}::date,
               ${client}, ${client ? org('C002') : null}, ${(7000 + Math.floor(rand() * 15000)) * 100}
        FROM u RETURNING id`);
      const employeeId = (rows as unknown as { rows: Array<{ id: number }> }).rows[0]?.id;
      if (!employeeId) throw new Error('former employee not inserted');
      await ctx.db.execute(sql`
        INSERT INTO employee_events (employee_id, kind, effective_date, to_org_id, to_position, remark)
        VALUES (${employeeId}, '001', ${isoDay(new Date(entry))}::date, ${orgId}, ${POSITIONS[i % POSITIONS.length] as string}, '新员工入职'),
               (${employeeId}, '005', ${isoDay(new Date(leave))}::date, ${orgId}, NULL, ${i % 3 === 0 ? '合同到期不续签' : '个人发展，主动辞职'})`);
    }
    // Talents that came through headhunters and suppliers name the supplier (SUP001–SUP003 in turn).
    await ctx.db.execute(sql`
      UPDATE recruit_talents t SET supply_id = s.id
      FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM demand_supplies) s
      WHERE t.source = '003' AND s.n = t.id % (SELECT count(*) FROM demand_supplies)`);
  },
};
