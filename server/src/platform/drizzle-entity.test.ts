import { Column, eq, is as original, Param, Placeholder, SQL, StringChunk, Subquery, sql, Table, View } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, integer, PgColumn, PgDialect, PgTable, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { is as remembered } from '../../build/drizzle-entity.js';

/** The server bundle's entity check (server/build/drizzle-entity.js) answers as drizzle's own does. */
describe('drizzle entity check of the server bundle', () => {
  const people = pgTable('people', { id: serial('id').primaryKey(), name: varchar('name'), orgId: integer('org_id') });
  const units = pgTable('units', { id: serial('id').primaryKey(), name: varchar('name') });
  const parent = alias(units, 'parent');
  const db = drizzle.mock();
  const sub = db.select({ id: units.id }).from(units).as('sub');
  const query = db.select({ id: people.id, unit: parent.name }).from(people).leftJoin(parent, eq(parent.id, people.orgId));
  const chunks: unknown[] = [];
  const collect = (s: SQL) => {
    for (const c of s.queryChunks) {
      chunks.push(c);
      if (c instanceof SQL) collect(c);
    }
  };
  collect(query.getSQL());
  collect(sql`${people.name} = ${'x'} AND ${people.id} IN ${[1, 2]} AND ${sql.placeholder('p')}`);
  const values: unknown[] = [
    ...chunks,
    people,
    parent,
    people.id,
    parent.name,
    sub,
    new Param(1),
    sql.placeholder('q'),
    new StringChunk('x'),
    new PgDialect(),
    {},
    Object.create(null),
    [],
    null,
    undefined,
    0,
    'text',
    Object.assign(Object.create({ constructor: 5 }), {}),
  ];
  const types = [SQL, StringChunk, Table, PgTable, Column, PgColumn, View, Param, Placeholder, SQL.Aliased, Subquery];

  it('gives the same answer for every value and drizzle class, twice (the second from memory)', () => {
    for (let round = 0; round < 2; round++)
      for (const v of values)
        for (const t of types) {
          let want: unknown;
          try {
            want = original(v, t);
          } catch (err) {
            want = String(err);
          }
          let got: unknown;
          try {
            got = remembered(v, t);
          } catch (err) {
            got = String(err);
          }
          expect(got, `${String((v as object)?.constructor?.name)} / ${t.name}`).toBe(want);
        }
  });

  it('throws as drizzle does for a class that is not a drizzle entity', () => {
    class Plain {}
    expect(() => remembered(people.id, Plain as never)).toThrow(/doesn't look like a Drizzle entity/);
    expect(() => original(people.id, Plain as never)).toThrow(/doesn't look like a Drizzle entity/);
  });
});
