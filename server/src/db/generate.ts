import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { orgUnits } from './schema';

export interface GenerateOptions {
  employees: number;
  departments: number;
}

/**
 * A large realistic data set for benchmarks, on top of the demo data: `departments` units under the
 * demo companies (a tree four levels deep) and `employees` users with an employee record each,
 * spread across them. Set-based SQL, so 50,000 people take seconds.
 */
export async function generateLargeDataSet(db: Db, { employees, departments }: GenerateOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const companies = await tx
      .select({ id: orgUnits.id, path: orgUnits.path, depth: orgUnits.depth })
      .from(orgUnits)
      .where(sql`type = 'company' AND NOT is_client`);
    if (!companies.length) throw new Error('load the demo data first (no company found)');
    // Level by level: each new unit hangs under a random unit of the level above.
    let parents = companies.map((c) => ({ id: c.id, path: c.path, depth: c.depth }));
    let made = 0;
    let level = 0;
    while (made < departments) {
      const count = Math.min(departments - made, level === 0 ? 50 : level === 1 ? 400 : departments);
      const rows = Array.from({ length: count }, (_, i) => {
        const parent = parents[(i * 7919) % parents.length] as (typeof parents)[number];
        const n = made + i + 1;
        return {
          code: `GEN${String(n).padStart(6, '0')}`,
          name: `${level === 0 ? '事业部' : level === 1 ? '部门' : '小组'}${n}`,
          type: level < 2 ? 'dept' : 'team',
          parentId: parent.id,
          path: parent.path,
          depth: parent.depth + 1,
          sort: n,
        };
      });
      const inserted: typeof parents = [];
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const ids = await tx
          .insert(orgUnits)
          .values(chunk.map((r) => ({ ...r, path: '/' })))
          .returning({ id: orgUnits.id });
        ids.forEach((row, j) => {
          const r = chunk[j] as (typeof rows)[number];
          inserted.push({ id: row.id, path: `${r.path}${row.id}/`, depth: r.depth });
        });
      }
      await tx.execute(
        sql`UPDATE org_units SET path = p.path FROM (SELECT (x->>'id')::int AS id, x->>'path' AS path FROM jsonb_array_elements(${JSON.stringify(inserted)}::jsonb) x) p WHERE org_units.id = p.id`,
      );
      parents = inserted;
      made += count;
      level += 1;
    }

    const surnames = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁';
    const given = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚华玉萍红玲芬燕春梅琳雪荣';
    // Users and employees in one statement each; password hash copied from the admin (benchmarks sign in as demo users).
    await tx.execute(sql`
      INSERT INTO users (user_code, real_name, name_pinyin, password_hash, email, phone, org_id, company_id, person_category, outsource)
      SELECT 'gen' || lpad(g::text, 6, '0'),
             substr(${surnames}, 1 + (g % ${surnames.length}), 1) || substr(${given}, 1 + ((g / 7) % ${given.length}), 1) || substr(${given}, 1 + ((g / 13) % ${given.length}), 1),
             'x' || substr(md5(g::text), 1, 2),
             (SELECT password_hash FROM users WHERE user_code = 'admin'),
             'gen' || g || '@dingcai.example',
             '139' || lpad((g * 7)::text, 8, '0'),
             d.id, NULL, CASE WHEN g % 5 = 0 THEN '002' ELSE '001' END, CASE WHEN g % 5 = 0 THEN '001' ELSE '000' END
      FROM generate_series(1, ${employees}) g
      JOIN LATERAL (SELECT id FROM org_units WHERE code = 'GEN' || lpad((1 + (g % ${departments}))::text, 6, '0')) d ON true`);
    await tx.execute(
      sql`UPDATE users u SET company_id = (SELECT c.id FROM org_units c WHERE c.type = 'company' AND o.path LIKE c.path || '%' ORDER BY c.depth DESC LIMIT 1) FROM org_units o WHERE o.id = u.org_id AND u.user_code LIKE 'gen%'`,
    );
    await tx.execute(sql`
      INSERT INTO employees (user_id, employee_code, name, gender, org_id, company_id, position_name, person_category, outsource, entry_date, birthday, status, regular_status, salary_cents, phone, email)
      SELECT u.id, 'G' || u.id, u.real_name, CASE WHEN u.id % 2 = 0 THEN '1' ELSE '2' END, u.org_id, u.company_id, '专员', u.person_category, u.outsource,
             current_date - (u.id % 3000), date '1980-01-01' + (u.id % 9000), '003', CASE WHEN u.id % 10 = 0 THEN '001' ELSE '010' END,
             (8000 + u.id % 20000) * 100, u.phone, u.email
      FROM users u WHERE u.user_code LIKE 'gen%'`);
  });
}
