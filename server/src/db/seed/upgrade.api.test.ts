import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openPglite, queryRows } from '../../platform/db';
import { seedMinimal, upgradeExisting } from './index';

it('brings a database of an earlier version up to date: missing dictionaries, menus and reference rows are added, edits are kept', async () => {
  const database = await openPglite();
  try {
    await database.migrate();
    expect(await upgradeExisting(database.db)).toBeNull(); // empty: the first start's seed does it
    await seedMinimal(database.db, 'Str0ng#Pass1', { mustChangePassword: false });
    // What a database of the previous version lacks, and an administrator's own renaming.
    await database.db.execute(sql`DELETE FROM dict_items WHERE code_type = 'EMPLOYSTATE'`);
    await database.db.execute(sql`DELETE FROM dict_types WHERE code_type = 'EMPLOYSTATE'`);
    await database.db.execute(sql`UPDATE dict_items SET code_name = '男性' WHERE code_type = 'GENDER' AND code = '1'`);
    await database.db.execute(sql`DELETE FROM role_menus WHERE menu_id IN (SELECT id FROM menus WHERE perms LIKE 'hr:roster:%')`);
    await database.db.execute(sql`DELETE FROM menus WHERE perms LIKE 'hr:roster:%'`);
    await database.db.execute(sql`DELETE FROM open_banks`);
    // A version before the finance projects: their processes were never deployed.
    await database.db.execute(sql`DELETE FROM wf_definitions WHERE key LIKE 'FinProject%'`);
    const upgraded = await upgradeExisting(database.db);
    expect(upgraded).toEqual({ dictionaries: 5, menus: 4 });
    const [after] = await queryRows<{ states: number; gender: string; buttons: number; banks: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM dict_items WHERE code_type = 'EMPLOYSTATE') AS states,
        (SELECT code_name FROM dict_items WHERE code_type = 'GENDER' AND code = '1') AS gender,
        (SELECT count(*)::int FROM menus WHERE perms LIKE 'hr:roster:%') AS buttons,
        (SELECT count(*)::int FROM open_banks) AS banks`,
    );
    expect(after).toMatchObject({ states: 5, gender: '男性', buttons: 4 });
    expect(after?.banks).toBeGreaterThan(0);
    const [processes] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM wf_definitions WHERE key LIKE 'FinProject%'`);
    expect(processes?.n).toBe(3);
    // Help (issue 37): a database from before the articles were files had six categories and twelve
    // articles, and its administrator deleted one; it is given the new ones, not the deleted one.
    const slugs = async () => (await queryRows<{ slug: string }>(database.db, sql`SELECT slug FROM help_articles ORDER BY slug`)).map((r) => r.slug);
    const all = await slugs();
    expect(all).toEqual(expect.arrayContaining(['tabs', 'payslip', 'expense-claim']));
    await database.db.execute(sql`DELETE FROM system_state WHERE key LIKE 'help.%'`);
    await database.db.execute(
      sql`DELETE FROM help_articles WHERE slug NOT IN ('workbench-apps', 'process-todo', 'process-mine', 'process-time-limit', 'messages', 'personal', 'leave', 'back-office', 'sign-in', 'tabs', 'language', 'xiaode')`,
    );
    await database.db.execute(sql`DELETE FROM help_categories WHERE code IN ('requests', 'pay', 'hr', 'finance')`);
    await database.db.execute(sql`DELETE FROM help_articles WHERE slug = 'tabs'`);
    await upgradeExisting(database.db);
    expect(await slugs()).toEqual(all.filter((slug) => slug !== 'tabs'));
    await database.db.execute(sql`DELETE FROM help_articles WHERE slug = 'payslip'`);
    await upgradeExisting(database.db);
    expect(await slugs()).not.toContain('payslip');
    // The repo's corrections reach an article nobody edited; an administrator's edit is kept.
    await database.db.execute(sql`UPDATE help_articles SET content = '<p>旧版</p>' WHERE slug = 'language'`);
    await database.db.execute(sql`UPDATE help_articles SET content = '<p>我改的</p>', updated_by = 1 WHERE slug = 'sign-in'`);
    await upgradeExisting(database.db);
    const contents = new Map(
      (await queryRows<{ slug: string; content: string }>(database.db, sql`SELECT slug, content FROM help_articles WHERE slug IN ('language', 'sign-in')`)).map(
        (r) => [r.slug, r.content],
      ),
    );
    expect(contents.get('language')).toContain('切换');
    expect(contents.get('sign-in')).toBe('<p>我改的</p>');
    // A second start finds nothing to add.
    expect(await upgradeExisting(database.db)).toEqual({ dictionaries: 0, menus: 0 });
  } finally {
    await database.close();
  }
  // Two full seeds and four process parses on an embedded database: slow on a busy machine.
}, 120_000);
