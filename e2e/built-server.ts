import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface BuiltServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Stops the server and removes its data directory (unless `keepData`). */
  stop(keepData?: boolean): Promise<void>;
}

/**
 * The built product (`server/dist/main.js`) on `port` with a fresh embedded database seeded with the
 * demo data; resolves once the demo administrator can sign in (ready answers after the migrations,
 * the demo data follows). `env` adds settings (single sign-on, say).
 */
export async function startBuiltServer(opts: {
  port: number;
  timeoutMs: number;
  dataPrefix: string;
  env?: Record<string, string>;
  /** A data directory already seeded (seededDataDir): copied, so this server starts without seeding. */
  from?: string;
}): Promise<BuiltServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), opts.dataPrefix));
  if (opts.from) fs.cpSync(opts.from, dataDir, { recursive: true });
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + opts.timeoutMs;
  let waitingFor = '/readyz to answer 200 (migrations)';
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the built server on ${url} exited with ${child.exitCode} while waiting for ${waitingFor} (its output is above)`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) {
        waitingFor = 'admin to sign in with Demo@123 (the demo data loading)';
        const login = await fetch(`${url}/auth/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'Demo@123' }),
        });
        if (((await login.json()) as { code: string }).code === '200') break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the built server on ${url} did not become ready in ${opts.timeoutMs / 1000} s: waited for ${waitingFor}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    dataDir,
    child,
    async stop(keepData = false) {
      // Its data directory goes once it has exited (closing the database); a process that does not
      // stop within 60 s is killed.
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A data directory with the demo data loaded, for `startBuiltServer({ from })`: one server seeds it
 * and stops. Seeding took 27 s of a core here, about 40 s for two side by side and 60 s for the
 * single-sign-on file's third beside a running worker; a copy of 110 MB takes a second (issue 33).
 * The copies share the seed's clock and secrets, which no test tells apart: each has its own port.
 */
export async function seededDataDir(timeoutMs: number): Promise<{ dir: string; remove(): void }> {
  const seed = await startBuiltServer({ port: await freePort(), timeoutMs, dataPrefix: 'erp-e2e-seed-' });
  await seed.stop(true);
  return { dir: seed.dataDir, remove: () => fs.rmSync(seed.dataDir, { recursive: true, force: true }) };
}
