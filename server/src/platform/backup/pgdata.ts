import fs from 'node:fs';
import path from 'node:path';

/** Files of PostgreSQL's own in a data directory; everything else there is ours (files/, tmp/, mail/…). */
export function isPgDataEntry(name: string): boolean {
  return name === 'PG_VERSION' || name === 'base' || name === 'global' || name.startsWith('pg_') || name.endsWith('.conf') || name === 'postmaster.opts';
}

/** Copies PostgreSQL's files of a data directory (not ours: files/, tmp/…) into `target`. */
export async function copyPgData(dataDir: string, target: string): Promise<void> {
  fs.mkdirSync(target, { recursive: true });
  for (const name of fs.readdirSync(dataDir)) {
    if (!isPgDataEntry(name)) continue;
    // postmaster.pid is the lock of a running server: never part of a copy.
    await fs.promises.cp(path.join(dataDir, name), path.join(target, name), {
      recursive: true,
      filter: (src) => path.basename(src) !== 'postmaster.pid',
    });
  }
}
