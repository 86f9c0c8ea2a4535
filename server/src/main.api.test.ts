import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { like } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { templateForProcess } from '../test/databases';
import { messages } from './db/schema';
import { openPglite, openPostgres } from './platform/db';

// The server as operators run it: its own process (main.ts through tsx), settings from the environment.
const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function run(env: Record<string, string>): Run {
  // Only what we give: an outer DATABASE_URL or PORT must not leak into the case.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DATA_DIR: path.join(os.tmpdir(), `erp-main-${process.pid}`), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

describe('a bad setting', () => {
  it.each([
    ['PORT=abc', { PORT: 'abc' }, /^Invalid setting: PORT="abc": not a number \(e\.g\. PORT=8080\)$/],
    [
      'DATABASE_URL=not a url',
      { DATABASE_URL: 'not a url' },
      /^Invalid setting: DATABASE_URL="not a url": not a postgres:\/\/ URL \(e\.g\. DATABASE_URL=postgres:\/\/.+\)$/,
    ],
    [
      'an unreachable database',
      { DATABASE_URL: 'postgres://erp:Secret9@127.0.0.1:1/erp' },
      /^Invalid setting: DATABASE_URL="postgres:\/\/erp:\*\*\*@127\.0\.0\.1:1\/erp": cannot connect: connect ECONNREFUSED 127\.0\.0\.1:1 \(e\.g\. DATABASE_URL=postgres:\/\/.+\)$/,
    ],
  ])(
    '%s: one line naming the setting, what is wrong and a right value; exit code 1',
    async (_case, env, line) => {
      // How soon is measured in docs/operations.md (2-3 s, most of it loading TypeScript here), not asserted.
      const r = run(env);
      expect(await r.exit).toBe(1);
      expect(r.stderr().trimEnd().split('\n')).toEqual([expect.stringMatching(line)]);
      expect(r.stderr()).not.toContain('Secret9');
    },
    60_000,
  );
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Outcome {
  status: number | 'error';
  code?: string;
  message?: string;
  error?: string;
}

describe('shutdown with writes in flight', () => {
  it('answers every accepted write, refuses later ones with the 503 envelope, and exits 0', async () => {
    const dataDir = path.join(os.tmpdir(), `erp-shutdown-${process.pid}-${Date.now()}`);
    const copy = await templateForProcess(inject('dbTemplate'), dataDir);
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = run({ ...copy.env, PORT: String(port), HOST: '127.0.0.1' });
      // tsx compiles the whole server first: on a loaded 2-core machine that took over 20 s.
      const deadline = Date.now() + 150_000;
      for (;;) {
        const ready = await fetch(`${base}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
        if (ready === 200) break;
        if (server.child.exitCode !== null || Date.now() > deadline)
          throw new Error(`waited 150 s for /readyz to answer 200 (last: ${ready || 'no answer'}); the server said: ${server.stderr()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const login = (await (
        await fetch(`${base}/auth/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"username":"hr01","password":"Demo@123"}',
        })
      ).json()) as { data: { access_token: string } };
      const token = login.data.access_token;
      const write = async (i: number): Promise<Outcome> => {
        try {
          const res = await fetch(`${base}/msg_api/msg/api/message/add`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ title: `停机${i}`, content: '<p>x</p>' }),
          });
          const body = (await res.json()) as { code: string; message: string };
          return { status: res.status, code: body.code, message: body.message };
        } catch (err) {
          return { status: 'error', error: String((err as { cause?: unknown }).cause ?? err) };
        }
      };

      const inFlight = Array.from({ length: 50 }, (_, i) => write(i));
      // Stopped while the writes are being worked on: once the first is answered, the rest are accepted or queued.
      await Promise.race(inFlight);
      server.child.kill('SIGTERM');
      // The late writes go once the server says it is stopping (or has stopped).
      await expect
        .poll(
          () =>
            fetch(`${base}/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 30_000, interval: 20 },
        )
        .not.toBe(200);
      const late = Array.from({ length: 10 }, (_, i) => write(100 + i));
      const answers = await Promise.all([...inFlight, ...late]);
      expect(await server.exit).toBe(0);

      // Every request got an answer of ours: stored (200) or refused while stopping (503 envelope);
      // a late one may also find the port closed once the server has stopped.
      const stored = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 503);
      for (const a of refused) expect(a).toMatchObject({ code: '503', message: '服务正在停止，请稍后重试' });
      const failed = answers.slice(0, 50).filter((a) => a.status !== 200 && a.status !== 503);
      expect(failed).toEqual([]);
      for (const a of answers.slice(50)) if (a.status === 'error') expect(a.error).toMatch(/ECONNREFUSED/);
      expect(stored.length).toBeGreaterThan(0);

      // What answered 200 is stored, and only that.
      const database = copy.env.DATABASE_URL ? await openPostgres(copy.env.DATABASE_URL, 1) : await openPglite(dataDir);
      try {
        const rows = await database.db.select({ id: messages.id }).from(messages).where(like(messages.title, '停机%'));
        expect(rows.length).toBe(stored.length);
      } finally {
        await database.close();
      }
    } finally {
      await copy.drop();
    }
  }, 240_000);
});
