import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db';
import { processCache } from './process-caches';
import { sharedSecrets } from './shared-secret.schema';

const cache = new Map<string, Promise<string>>();
processCache(() => cache.clear());

/** A named 256-bit secret shared by every process through the database (created on first use). */
export function sharedSecret(db: Db, name: string): Promise<string> {
  let found = cache.get(name);
  if (!found) {
    found = (async () => {
      await db
        .insert(sharedSecrets)
        .values({ name, secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select({ secret: sharedSecrets.secret }).from(sharedSecrets).where(eq(sharedSecrets.name, name));
      if (!row) throw new Error(`shared secret ${name} missing`);
      return row.secret;
    })();
    // A failed read (database outage) is not remembered: the next call tries again.
    found.catch(() => cache.delete(name));
    cache.set(name, found);
  }
  return found;
}
