import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { queryRows } from '../db';
import { orgSubtreeIds } from './org-subtree';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(server.db, query);

describe('orgSubtreeIds', () => {
  it('answers a unit and exactly the units whose path starts with its path, for every unit', async () => {
    // Siblings whose ids share a prefix ('/1/2/' and '/1/20/') are the case a plain range would get wrong.
    const units = await rows<{ id: number; path: string }>(sql`SELECT id, path FROM org_units ORDER BY id`);
    expect(units.length).toBeGreaterThan(10);
    for (const unit of units) {
      const got = (await rows<{ id: number }>(sql`SELECT id FROM (${orgSubtreeIds(unit.id)}) s ORDER BY id`)).map((r) => Number(r.id));
      const expected = units.filter((u) => u.path.startsWith(unit.path)).map((u) => u.id);
      expect(got, unit.path).toEqual(expected);
    }
  });

  it('answers nothing for a unit that does not exist', async () => {
    expect(await rows(sql`${orgSubtreeIds(999_999)}`)).toEqual([]);
  });
});
