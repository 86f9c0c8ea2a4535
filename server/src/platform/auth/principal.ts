/** Which records a user may read: the widest data scope among the user's roles. */
export type DataScope =
  | { kind: 'all' }
  | { kind: 'dept_and_below'; orgId: number | null }
  | { kind: 'dept'; orgId: number | null }
  | { kind: 'self' }
  | { kind: 'custom'; orgIds: number[] };

/** The signed-in user as every service sees it, resolved from the session token on each call. */
export interface Principal {
  userId: number;
  userCode: string;
  realName: string;
  orgId: number | null;
  companyId: number | null;
  employeeId: number | null;
  personCategory: string;
  outsource: string;
  roleCodes: string[];
  /** Lower-cased permission codes. */
  permissions: ReadonlySet<string>;
  isAdmin: boolean;
  dataScope: DataScope;
  /** A generated or administrator-set password: only the password change (and sign-out) is allowed until it is changed. */
  mustChangePassword: boolean;
  sessionId: number;
}

export function hasPermission(user: Pick<Principal, 'isAdmin' | 'permissions'>, code: string): boolean {
  return user.isAdmin || user.permissions.has(code.toLowerCase());
}
