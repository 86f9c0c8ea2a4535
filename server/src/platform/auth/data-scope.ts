import { type Column, type SQL, sql } from 'drizzle-orm';
import { orgSubtreeIds } from './org-subtree';
import type { Principal } from './principal';

/**
 * The rows a user may read, as one SQL condition on a record's department column (and its owner
 * column for "self"). "Department and below" uses the materialised path of org_units.
 */
export function dataScopeCondition(user: Principal, columns: { orgId: Column | SQL; ownerUserId?: Column | SQL }): SQL {
  const scope = user.dataScope;
  const self = columns.ownerUserId ? sql`${columns.ownerUserId} = ${user.userId}` : sql`false`;
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'dept':
      return scope.orgId === null ? self : sql`(${columns.orgId} = ${scope.orgId} OR ${self})`;
    case 'dept_and_below':
      return scope.orgId === null ? self : sql`(${columns.orgId} IN (${orgSubtreeIds(scope.orgId)}) OR ${self})`;
    case 'custom':
      return scope.orgIds.length ? sql`(${columns.orgId} IN ${scope.orgIds} OR ${self})` : self;
    case 'self':
      return self;
  }
}
