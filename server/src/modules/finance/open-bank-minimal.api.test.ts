import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedMinimal } from '../../db/seed';
import { openPglite, queryRows } from '../../platform/db';
import { openBankRows } from './open-bank.seed';

it('a database set up without demo data still gets the bank branches (reference data), and no demo positions', async () => {
  const database = await openPglite();
  try {
    await database.migrate();
    await seedMinimal(database.db, 'Str0ng#Pass1', { mustChangePassword: false });
    const [counts] = await queryRows<{ banks: number; positions: number; menus: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM open_banks) AS banks, (SELECT count(*)::int FROM positions) AS positions,
        (SELECT count(*)::int FROM menus WHERE perms = 'hr:position:list') AS menus`,
    );
    expect(counts).toEqual({ banks: openBankRows().length, positions: 0, menus: 1 });
  } finally {
    await database.close();
  }
}, 60_000);
