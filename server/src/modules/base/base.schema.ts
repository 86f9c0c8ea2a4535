import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns } from '../../db/columns';

/**
 * Organisation tree in one table with a materialised path ("/1/4/17/"): "all sub-units" is one
 * `path LIKE` query on an index, "the leader n levels up" is a walk of the path's ids.
 * type: group | company | dept | team.
 */
export const orgUnits = pgTable(
  'org_units',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    path: text('path').notNull(),
    depth: integer('depth').notNull(),
    sort: integer('sort').notNull().default(0),
    leaderUserId: integer('leader_user_id'),
    /** A client company (the staffing company's customer), not part of the own group. */
    isClient: boolean('is_client').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('org_units_code_uq').on(t.code),
    index('org_units_path_idx').using('btree', t.path.op('text_pattern_ops')),
    index('org_units_parent_idx').on(t.parentId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Sign-in name, e.g. "admin", "hr01". */
    userCode: varchar('user_code', { length: 64 }).notNull(),
    realName: varchar('real_name', { length: 64 }).notNull(),
    /** Initials of the name in pinyin, for fuzzy search ("zs" for 张三). */
    namePinyin: varchar('name_pinyin', { length: 64 }).notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    email: varchar('email', { length: 128 }),
    phone: varchar('phone', { length: 32 }),
    orgId: integer('org_id'),
    companyId: integer('company_id'),
    /** 001 regular staff; other values dispatched. */
    personCategory: varchar('person_category', { length: 8 }).notNull().default('001'),
    /** 001 outsourced (gets the back-office entry); default 000. */
    outsource: varchar('outsource', { length: 8 }).notNull().default('000'),
    enabled: boolean('enabled').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Set on a generated or administrator-set password: every call but the password change is refused until it is changed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Profile photo (file group) of an account without an employee record; employees keep theirs as material 040. */
    avatarFileId: varchar('avatar_file_id', { length: 32 }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('users_code_uq').on(sql`lower(${t.userCode})`),
    index('users_org_idx').on(t.orgId),
    // Lists sorted by name, and the person search's exact-name matches.
    index('users_real_name_idx').on(t.realName, t.id),
    index('users_name_trgm_idx').using('gin', sql`${t.realName} gin_trgm_ops`),
    index('users_code_trgm_idx').using('gin', sql`${t.userCode} gin_trgm_ops`),
    // dimQueryUser matches name, code, pinyin initials or phone: each needs a trigram index for a bitmap OR.
    index('users_pinyin_trgm_idx').using('gin', sql`${t.namePinyin} gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

/**
 * The person search's pieces: one row per user and distinct 1- or 2-character piece of the
 * lower-cased name, code, pinyin initials and phone (text_search_tokens), kept by triggers on users
 * (migration 0005), with the name and the enabled flag copied for the order and the filter. A keyword
 * of one or two characters is too short for the trigram indexes; it is itself a piece, so its
 * matches are one range of the order index: a page is the first rows of that range and the total an
 * index-only count, however many people match.
 */
export const userSearchPieces = pgTable(
  'user_search_pieces',
  {
    piece: text('piece').notNull(),
    userId: integer('user_id').notNull(),
    realName: varchar('real_name', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.piece] }), index('user_search_pieces_order_idx').on(t.piece, t.enabled, t.realName, t.userId)],
);

/** data_scope: all | dept_and_below | dept | self | custom (custom departments in role_orgs). */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    dataScope: varchar('data_scope', { length: 16 }).notNull().default('self'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.code)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id').notNull(),
    roleId: integer('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const roleOrgs = pgTable(
  'role_orgs',
  {
    roleId: integer('role_id').notNull(),
    orgId: integer('org_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.orgId] })],
);

/**
 * Menus and buttons in one tree. type: M = container (component Layout), C = screen, F = button.
 * A button's `perms` is its permission code (buttonAuthIdenti). appType: front (workbench
 * application) or back (back-office sidebar).
 */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    type: varchar('type', { length: 1 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    path: varchar('path', { length: 255 }).notNull().default(''),
    component: varchar('component', { length: 255 }).notNull().default(''),
    redirect: varchar('redirect', { length: 255 }),
    icon: varchar('icon', { length: 64 }),
    perms: varchar('perms', { length: 128 }),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    appType: varchar('app_type', { length: 8 }).notNull().default('back'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id').notNull(),
    menuId: integer('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);

export const dictTypes = pgTable(
  'dict_types',
  {
    id: serial('id').primaryKey(),
    codeType: varchar('code_type', { length: 64 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('dict_types_code_uq').on(t.codeType)],
);

export const dictItems = pgTable(
  'dict_items',
  {
    id: serial('id').primaryKey(),
    codeType: varchar('code_type', { length: 64 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    codeName: varchar('code_name', { length: 64 }).notNull(),
    parentId: integer('parent_id'),
    comments: varchar('comments', { length: 255 }),
    /** Tag colour for status values: green, red, orange, blue, grey. */
    color: varchar('color', { length: 16 }),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueIndex('dict_items_type_code_uq').on(t.codeType, t.code)],
);

/** Bumped on every change to roles, grants or user roles: sessions reload permissions on their next call. */
export const authzVersion = pgTable('authz_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * Bumped by triggers (migration 0002) on every change to org_units and to users' department, name,
 * status, insert or delete: whatever the organisation tree shows (units, leaders' names, member
 * counts). Each process keeps the built tree keyed by it, so one single-row read per call is enough
 * to stay correct with several processes and with writes from any module.
 */
export const orgVersion = pgTable('org_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** A user's own workbench shortcuts (front applications), in display order. */
export const userAppShortcuts = pgTable(
  'user_app_shortcuts',
  {
    userId: integer('user_id').notNull(),
    menuId: integer('menu_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.menuId] })],
);

/** Users who conduct interviews, with the round they take (INTERVIEWROUND dictionary). One row per user. */
export const interviewers = pgTable(
  'interviewers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    round: varchar('round', { length: 8 }).notNull(),
    expertise: varchar('expertise', { length: 255 }),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('interviewers_user_uq').on(t.userId)],
);

/** Outside suppliers of candidates for recruitment demands (agencies, headhunters), owned by a department. */
export const demandSupplies = pgTable(
  'demand_supplies',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    supplyType: varchar('supply_type', { length: 8 }).notNull(),
    contactName: varchar('contact_name', { length: 64 }),
    contactPhone: varchar('contact_phone', { length: 32 }),
    email: varchar('email', { length: 128 }),
    orgId: integer('org_id'),
    enabled: boolean('enabled').notNull().default(true),
    remark: varchar('remark', { length: 255 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('demand_supplies_code_uq').on(t.code), index('demand_supplies_org_idx').on(t.orgId)],
);

/** Published releases of the mobile app (download page and QR code). platform: android | ios. */
export const appReleases = pgTable('app_releases', {
  id: serial('id').primaryKey(),
  platform: varchar('platform', { length: 16 }).notNull(),
  version: varchar('version', { length: 32 }).notNull(),
  downloadUrl: varchar('download_url', { length: 500 }).notNull(),
  notes: varchar('notes', { length: 1000 }),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  ...auditColumns,
});

/**
 * One-time password-reset codes: only a hash is stored; a code lives 10 minutes and allows 5 tries.
 * A new code for the same user replaces the old one.
 */
export const passwordResetCodes = pgTable('password_reset_codes', {
  userId: integer('user_id').primaryKey(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Facts about this installation, e.g. `demo_data` = '1' while the demo data set is loaded (the web shows a ribbon). */
export const systemState = pgTable('system_state', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
