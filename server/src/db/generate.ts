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
    await fillEmployeeRecords(tx);
  });
}

/** The 17 digits' weights of the ID check digit (ISO 7064 MOD 11-2), as a SQL array. */
const ID_WEIGHTS = sql.raw(`ARRAY[7,9,10,5,8,4,2,1,6,3,7,9,10,5,8,4,2]`);

/**
 * Full records for the generated employees, set-based: identity (a unique resident ID number with
 * a correct check digit), employment state, clients for dispatched staff, the entry event and the
 * thirteen sections (education, work history, two family members, a language, a certificate,
 * administration, examination, a bank card for everyone; social relations, awards and vehicles for some).
 */
async function fillEmployeeRecords(tx: Db): Promise<void> {
  const gen = sql`SELECT id, entry_date, name, regular_status, org_id, position_name FROM employees WHERE employee_code LIKE 'G%'`;
  await tx.execute(sql`
    UPDATE employees e SET
      id_type = '001',
      id_card_no = x.first17 || substr('10X98765432', 1 + (SELECT sum(substr(x.first17, i, 1)::int * (${ID_WEIGHTS})[i]) FROM generate_series(1, 17) i)::int % 11, 1),
      employ_state = CASE WHEN e.regular_status = '010' THEN '002' ELSE '001' END,
      regular_date = CASE WHEN e.regular_status = '010' THEN e.entry_date + 90 END,
      client_company_id = CASE WHEN e.person_category = '002' THEN (SELECT id FROM org_units WHERE is_client AND type = 'company' ORDER BY id OFFSET (e.id % 3) LIMIT 1) END,
      nation = '汉族', marital = CASE WHEN e.id % 3 = 0 THEN '001' ELSE '002' END, highest_education = '003',
      social_city = '上海', social_base_cents = least(e.salary_cents, 3600000), fund_city = '上海', fund_base_cents = least(e.salary_cents, 3600000)
    FROM (SELECT id, '310104' || to_char(birthday, 'YYYYMMDD') || lpad(((id / 9000) % 1000)::text, 3, '0') AS first17 FROM employees WHERE employee_code LIKE 'G%') x
    WHERE e.id = x.id`);
  await tx.execute(sql`
    UPDATE employees e SET settlement_org_id = (SELECT id FROM org_units WHERE code = 'C002') WHERE e.client_company_id IS NOT NULL AND e.employee_code LIKE 'G%'`);
  await tx.execute(sql`
    INSERT INTO employee_events (employee_id, kind, effective_date, to_org_id, to_position, remark)
    SELECT id, '001', entry_date, org_id, position_name, '新员工入职' FROM (${gen}) g`);
  await tx.execute(sql`
    INSERT INTO employee_educations (employee_id, school, major, education, degree, start_date, end_date)
    SELECT id, (ARRAY['北京大学','复旦大学','浙江大学','武汉大学','四川大学'])[1 + id % 5], '工商管理', '003', '003', entry_date - 3000, entry_date - 1540 FROM (${gen}) g`);
  await tx.execute(sql`
    INSERT INTO employee_work_histories (employee_id, company, position, start_date, end_date, leave_reason)
    SELECT id, '上海外服', '专员', entry_date - 1400, entry_date - 30, '个人发展' FROM (${gen}) g`);
  await tx.execute(sql`
    INSERT INTO employee_families (employee_id, name, relation, phone)
    SELECT id, name || '之父', '003', '136' || lpad((id * 3)::text, 8, '0') FROM (${gen}) g
    UNION ALL SELECT id, name || '之母', '004', '135' || lpad((id * 3)::text, 8, '0') FROM (${gen}) g`);
  await tx.execute(sql`INSERT INTO employee_languages (employee_id, language, level, certificate) SELECT id, '001', '004', 'CET-4' FROM (${gen}) g`);
  await tx.execute(sql`
    INSERT INTO employee_administrations (employee_id, work_card_no, office_location, seat_no)
    SELECT id, 'GP' || lpad(id::text, 7, '0'), '上海总部', 'A-' || (id % 100) FROM (${gen}) g`);
  await tx.execute(
    sql`INSERT INTO employee_examinations (employee_id, exam_date, hospital, result) SELECT id, entry_date - 10, '爱康国宾', '001' FROM (${gen}) g`,
  );
  await tx.execute(sql`
    INSERT INTO employee_relations (employee_id, name, relation, work_unit, position)
    SELECT id, name || '之友', (ARRAY['同学','前同事','亲属'])[1 + id % 3], '上海外服', '经理' FROM (${gen}) g WHERE id % 3 = 0`);
  await tx.execute(sql`
    INSERT INTO employee_certificates (employee_id, name, certificate_no, issuer, issue_date)
    SELECT id, (ARRAY['人力资源管理师','会计从业资格','PMP'])[1 + id % 3], 'GZ' || lpad(id::text, 8, '0'), '人力资源和社会保障部', entry_date - 400 FROM (${gen}) g`);
  await tx.execute(sql`
    INSERT INTO employee_awards (employee_id, name, award_date, issuer, description)
    SELECT id, (ARRAY['年度优秀员工','季度之星','最佳新人'])[1 + id % 3], entry_date + 300, '鼎才集团', '表现突出，特此表彰' FROM (${gen}) g WHERE id % 4 = 0`);
  // Plates are unique: six digits (new-energy style), where the demo people's have five.
  await tx.execute(sql`
    INSERT INTO employee_vehicles (employee_id, plate_no, brand, model, color)
    SELECT id, '沪G' || lpad(id::text, 6, '0'), '大众', '朗逸', '白色' FROM (${gen}) g WHERE id % 5 = 0`);
  await tx.execute(sql`
    INSERT INTO employee_bank_accounts (employee_id, bank_code, open_bank, account_name, account_no, salary_card)
    SELECT id, 'ICBC', '中国工商银行上海分行', name, '6222' || lpad(id::text, 15, '0'), true FROM (${gen}) g`);
}
