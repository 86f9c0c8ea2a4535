import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PASSWORD_RULE, passwordStrongEnough } from '@erp/contract';
import { seedDemo, seedMinimal } from './db/seed';
import { storageFromConfig } from './modules/file/file-storage';
import type { Config } from './platform/config';
import type { Db } from './platform/db';

/** Where a generated administrator password is written (readable by the server's user only). */
export const INITIAL_PASSWORD_FILE = 'initial-admin-password.txt';

/** 18 random bytes in base64url plus the classes the rule asks for: ~144 bits, always strong enough. */
export function generatePassword(): string {
  return `${randomBytes(18).toString('base64url')}#7a`;
}

/**
 * What an empty database gets. Demo data (61 accounts with one known password) only when asked
 * for with SEED_DEMO=1. Otherwise only `admin`: with ADMIN_PASSWORD (strength checked), or a
 * generated password shown once on the console and kept in a 0600 file, which must be changed at
 * the first sign-in.
 */
export async function initialiseEmptyDatabase(db: Db, config: Config, log: { info(msg: string): void; warn(msg: string): void }): Promise<void> {
  if (config.SEED_DEMO === '1') {
    log.info('empty database: loading the demo data (SEED_DEMO=1): every demo account has the password Demo@123');
    await seedDemo(db, new Date(), undefined, config.BUSINESS_TIME_ZONE, { files: storageFromConfig(config) });
    return;
  }
  if (config.ADMIN_PASSWORD) {
    if (!passwordStrongEnough(config.ADMIN_PASSWORD)) throw new Error(`ADMIN_PASSWORD: ${PASSWORD_RULE.message}`);
    log.info('empty database: creating the administrator with ADMIN_PASSWORD');
    await seedMinimal(db, config.ADMIN_PASSWORD, { mustChangePassword: false });
    return;
  }
  const password = generatePassword();
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, INITIAL_PASSWORD_FILE);
  fs.writeFileSync(file, `admin\n${password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  await seedMinimal(db, password, { mustChangePassword: true });
  // Once, on the console (not in the JSON log lines, which are often shipped elsewhere).
  console.log(
    `\n  First start: the administrator is "admin" with the password\n\n      ${password}\n\n  (also in ${file}, readable by this user only).\n  It must be changed at the first sign-in. SEED_DEMO=1 on an empty database loads the demo data instead.\n`,
  );
}
