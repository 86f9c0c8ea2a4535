import { boolean, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../db/columns';

/**
 * Positions (岗位) and their ladders: post large (岗位大类) ⊃ post clan (岗位族) ⊃ position; a position
 * also belongs to an alignment (职位序列, with a grade band) and optionally a trade (行业).
 * docs/domain/positions.md has the model. Items are never deleted, only disabled, so the records
 * that name them (employees, demands, history) keep their labels.
 */

/** The columns every ladder item has. */
const ladderColumns = () => ({
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull(),
  name: varchar('name', { length: 64 }).notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  remark: varchar('remark', { length: 255 }),
  ...auditColumns,
});

export const postLarges = pgTable('post_larges', ladderColumns(), (t) => [uniqueIndex('post_larges_code_uq').on(t.code)]);

export const postClans = pgTable('post_clans', { ...ladderColumns(), postLargeId: integer('post_large_id').notNull() }, (t) => [
  uniqueIndex('post_clans_code_uq').on(t.code),
  index('post_clans_large_idx').on(t.postLargeId),
]);

/** Job sequences (P professional, M management…): the band of grades their positions may span. */
export const positionAlignments = pgTable(
  'position_alignments',
  { ...ladderColumns(), minGradeId: integer('min_grade_id'), maxGradeId: integer('max_grade_id') },
  (t) => [uniqueIndex('position_alignments_code_uq').on(t.code)],
);

export const positionTrades = pgTable('position_trades', ladderColumns(), (t) => [uniqueIndex('position_trades_code_uq').on(t.code)]);

export const positions = pgTable(
  'positions',
  {
    ...ladderColumns(),
    postClanId: integer('post_clan_id').notNull(),
    alignmentId: integer('alignment_id').notNull(),
    tradeId: integer('trade_id'),
    /** Owning unit; null = every unit of the group may use the position. */
    orgId: integer('org_id'),
    minGradeId: integer('min_grade_id').notNull(),
    maxGradeId: integer('max_grade_id').notNull(),
    headcount: integer('headcount'),
    duty: varchar('duty', { length: 1000 }),
    requirement: varchar('requirement', { length: 1000 }),
  },
  (t) => [
    uniqueIndex('positions_code_uq').on(t.code),
    index('positions_clan_idx').on(t.postClanId),
    index('positions_alignment_idx').on(t.alignmentId),
    index('positions_org_idx').on(t.orgId),
  ],
);
