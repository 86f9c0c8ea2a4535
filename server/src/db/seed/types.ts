import type { FileStorage } from '../../modules/file/file-storage';
import type { Db } from '../../platform/db';

/** One menu, container or button of the seeded menu tree. Admin sees everything; `roles` grant it to others. */
export interface MenuSpec {
  type: 'M' | 'C' | 'F';
  name: string;
  title: string;
  path?: string;
  component?: string;
  redirect?: string;
  icon?: string;
  /** Permission code of a button (or of a screen, when the screen itself is the permission). */
  perms?: string;
  appType?: 'front' | 'back';
  hidden?: boolean;
  alwaysShow?: boolean;
  roles?: string[];
  children?: MenuSpec[];
}

/** What the seed steps share: ids by business code, and the day the seed treats as today. */
export interface SeedContext {
  db: Db;
  /** The instant the seed runs at (timestamps of demo records). */
  today: Date;
  /**
   * Today's date in the business zone (BUSINESS_TIME_ZONE) as a Date at 00:00 UTC: read it with
   * getUTC* for calendar facts (birthdays and anniversaries due today, the capsule's year).
   */
  businessDay: Date;
  /** Argon2 hash of the demo password, computed once. */
  demoPasswordHash: string;
  orgIds: Map<string, number>;
  userIds: Map<string, number>;
  roleIds: Map<string, number>;
  employeeIds: Map<string, number>;
  /**
   * Where the demo's files go (the server's file storage): the invoice photos. Absent where there
   * is none (the tests' template database): the records are made without their files.
   */
  files?: FileStorage;
}

/** A module's part of the demo data: its menus and any records of its own. */
export interface ModuleSeed {
  name: string;
  menus?: MenuSpec[];
  /** Reference data every database gets, with or without the demo (e.g. bank branches). */
  /** Idempotent: also run at every start on a database set up by an earlier version (seed/upgrade.ts). */
  reference?(ctx: SeedContext): Promise<void>;
  seed?(ctx: SeedContext): Promise<void>;
}
