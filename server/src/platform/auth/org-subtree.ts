import { type SQL, sql } from 'drizzle-orm';

/**
 * The ids of a unit and every unit below it, as a sub-select on the materialised path of org_units.
 *
 * A path always ends with '/', so the paths under `P` are exactly those in the byte range
 * [P, P with its last '/' replaced by '0') ('0' follows '/' in ASCII). Written as a range with the
 * pattern operators, the bounds are init-plan values and the text_pattern_ops index on the path is
 * used; `path LIKE (SELECT …) || '%'` cannot use it (the pattern is not a constant at planning) and
 * scanned every unit on each call.
 */
export function orgSubtreeIds(orgId: number | SQL): SQL {
  return sql`SELECT d.id FROM org_units d WHERE d.path ~>=~ (SELECT p.path FROM org_units p WHERE p.id = ${orgId}) AND d.path ~<~ (SELECT left(p.path, -1) || '0' FROM org_units p WHERE p.id = ${orgId})`;
}
