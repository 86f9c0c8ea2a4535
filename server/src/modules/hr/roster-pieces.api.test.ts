import type { Page, RosterRecord } from '@erp/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { generateLargeDataSet } from '../../db/generate';
import { queryRows } from '../../platform/db';
import { rosterKeywordPage, rosterResource } from './roster.resource';

/**
 * The roster keyword's pieces (employee_search_pieces: the accounts' pieces per employee, with the
 * employee code copied) against what they replace: the keyword filter over user_search_pieces joined
 * to the employees, read and counted through the generic page.
 */
let s: TestServer;
let hr: string;
const ROSTER = '/hr_api/hrm/api/roster/getRosterPage';

beforeAll(async () => {
  s = await startTestServer();
  hr = await s.login('hr01');
  // 3,000 generated people with an employee record each, on top of the 60 of the demo.
  await generateLargeDataSet(s.db, { employees: 3000, departments: 40 });
});
afterAll(() => s.close());

/** Rows of employee_search_pieces that differ from the employees' accounts' pieces (none when the triggers kept up). */
async function drift(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    s.db,
    sql`SELECT ((SELECT count(*) FROM (
                  SELECT u.piece, e.id, e.employee_code FROM employees e JOIN user_search_pieces u ON u.user_id = e.user_id
                  EXCEPT SELECT piece, employee_id, employee_code FROM employee_search_pieces) x)
              + (SELECT count(*) FROM (
                  SELECT piece, employee_id, employee_code FROM employee_search_pieces
                  EXCEPT SELECT u.piece, e.id, e.employee_code FROM employees e JOIN user_search_pieces u ON u.user_id = e.user_id) x))::int AS n`,
  );
  return row?.n ?? -1;
}

describe('roster keyword pieces', () => {
  it('follow the accounts and the employees through every change', async () => {
    expect(await drift()).toBe(0);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(s.db, sql`SELECT count(*)::int AS n FROM employee_search_pieces`);
    expect(n).toBeGreaterThan(30_000);
    const [a, b] = await queryRows<{ id: number; user_id: number }>(
      s.db,
      sql`SELECT id, user_id FROM employees WHERE employee_code LIKE 'G%' ORDER BY id LIMIT 2`,
    );
    // A name changed on the account; an employee's code changed; an employee moved to another account.
    await s.db.execute(sql`UPDATE users SET real_name = '欧阳测试' WHERE id = ${a?.user_id}`);
    expect(await drift()).toBe(0);
    await s.db.execute(sql`UPDATE employees SET employee_code = 'Z1' WHERE id = ${a?.id}`);
    expect(await drift()).toBe(0);
    await s.db.execute(sql`UPDATE employees SET user_id = NULL WHERE id = ${b?.id}`);
    expect(await drift()).toBe(0);
    await s.db.execute(sql`UPDATE employees SET user_id = ${b?.user_id}, phone = '13900000000' WHERE id = ${b?.id}`);
    expect(await drift()).toBe(0);
    // Other updates leave the pieces alone (and keep them right).
    await s.db.execute(sql`UPDATE employees SET position_name = '主管' WHERE employee_code LIKE 'G1%'`);
    expect(await drift()).toBe(0);
    // Many codes changed in one statement (each changed row re-keys its own pieces).
    await s.db.execute(sql`UPDATE employees SET employee_code = employee_code || 'R', phone = '13800000000' WHERE employee_code LIKE 'G2%'`);
    expect(await drift()).toBe(0);
    // An employee removed, an account removed, a new account with its employee.
    await s.db.execute(sql`DELETE FROM employees WHERE id = (SELECT max(id) FROM employees)`);
    expect(await drift()).toBe(0);
    const [user] = await queryRows<{ id: number }>(
      s.db,
      sql`INSERT INTO users (user_code, real_name, password_hash, org_id) SELECT 'pieces01', '王小测', password_hash, org_id FROM users WHERE user_code = 'admin' RETURNING id`,
    );
    await s.db.execute(
      sql`INSERT INTO employees (user_id, employee_code, name, org_id, id_card_no) VALUES (${user?.id}, 'PIECE1', '王小测', (SELECT org_id FROM users WHERE id = ${user?.id}), 'X9')`,
    );
    expect(await drift()).toBe(0);
  });

  it('answer every short keyword as the keyword filter does: rows, order and totals, on every page', async () => {
    const common = await queryRows<{ piece: string }>(
      s.db,
      sql`SELECT piece FROM employee_search_pieces GROUP BY piece ORDER BY count(*) DESC, piece LIMIT 12`,
    );
    // Common pieces, a surname, exact code and ID number matches (Z1, x9), a piece nobody holds.
    const keywords = [...common.map((c) => c.piece), '王', '王小', 'Z1', 'z1', 'x9', '测', '鑫'];
    let compared = 0;
    for (const keyword of keywords)
      for (const pageIndex of [1, 2, 5, 400]) {
        const req = { keyword, pageIndex, pageSize: 7 };
        const expected = await rosterResource.page(s.db, req, null);
        const fast = await rosterKeywordPage(s.db, req, null);
        expect(fast, keyword).toEqual(expected);
        if (expected.records.length) compared++;
      }
    expect(compared).toBeGreaterThan(40);
  });

  it('is what the roster call answers, and other requests keep the general path', async () => {
    for (const keyword of ['王', 'Z1']) {
      const req = { keyword, pageIndex: 1, pageSize: 20 };
      const answer = await s.post<Page<RosterRecord>>(ROSTER, req, hr);
      expect(answer.code, answer.message).toBe('200');
      const expected = await rosterResource.page(s.db, req, null);
      expect(answer.data.total).toBe(expected.total);
      expect(answer.data.records.map((r) => r.id)).toEqual(expected.records.map((r) => r.id));
    }
    expect(await rosterKeywordPage(s.db, { keyword: '王', pageIndex: 1, pageSize: 20, sortField: 'name' }, null)).toBeNull();
    expect(await rosterKeywordPage(s.db, { keyword: '王', pageIndex: 1, pageSize: 20, employState: '1' }, null)).toBeNull();
    expect(await rosterKeywordPage(s.db, { keyword: '王小测', pageIndex: 1, pageSize: 20 }, null)).toBeNull();
  });
});
