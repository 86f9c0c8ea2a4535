/**
 * Permission codes (button `buttonAuthIdenti` values). A call's `permission` names one of these;
 * the demo seed creates a button for each under the menu of its screen, and roles grant them.
 * Codes are compared case-insensitively.
 */
export const PERM = {
  userList: 'base:user:list',
  userEdit: 'base:user:edit',
  roleList: 'base:role:list',
  roleEdit: 'base:role:edit',
  menuList: 'base:menu:list',
  menuEdit: 'base:menu:edit',
  orgList: 'base:org:list',
  orgEdit: 'base:org:edit',
  dictList: 'base:dict:list',
  dictEdit: 'base:dict:edit',
  auditList: 'base:audit:list',
  /** Download a backup of the whole database and stored files (administrators). */
  backupDownload: 'base:backup:download',
} as const;
export type PermissionCode = (typeof PERM)[keyof typeof PERM];
