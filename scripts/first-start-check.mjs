#!/usr/bin/env node
// A first start of the built product as an administrator does it (scripts/node-lts.sh runs it on each
// Node line): `node server/dist/main.js` on an empty embedded database with ADMIN_PASSWORD set must
// migrate, answer /readyz, let admin sign in and read the menus, then stop on SIGTERM with
// exit code 0. Waits for states, each with a generous limit, and says which one it was waiting for.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'server/dist/main.js');
if (!fs.existsSync(main)) {
  console.error('first start: server/dist/main.js is missing; run `npm run build` first');
  process.exit(1);
}

const port = await new Promise((resolve, reject) => {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
  srv.on('error', reject);
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-first-start-'));
const password = `Fs#${crypto.randomBytes(9).toString('base64url')}9a`;
const output = [];
const child = spawn(process.execPath, [main], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: '0',
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => output.push(String(d)));
const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
const url = `http://127.0.0.1:${port}`;

function fail(what) {
  console.error(`first start on Node ${process.version}: ${what}\n--- server output ---\n${output.join('').slice(-4000)}`);
  child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

/** Polls `probe` until it answers true; a loaded machine can take minutes to migrate. */
async function until(what, probe, limitMs) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (child.exitCode !== null) fail(`the server exited with ${child.exitCode} while waiting for ${what}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) fail(`${what} did not happen within ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const started = Date.now();
await until('/readyz to answer 200', async () => (await fetch(`${url}/readyz`)).ok, 240_000);
const login = await fetch(`${url}/auth/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password }),
}).then((r) => r.json());
if (login.code !== '200') fail(`admin could not sign in with ADMIN_PASSWORD: ${JSON.stringify(login)}`);
// A password the administrator set is not asked for again; their menus answer.
const menus = await fetch(`${url}/auth/base/api/user/getAllMenuTreeByUser`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.access_token}` },
  body: '{}',
}).then((r) => r.json());
if (menus.code !== '200' || !Array.isArray(menus.data) || menus.data.length === 0) fail(`admin's menus did not answer: ${JSON.stringify(menus).slice(0, 300)}`);
const demo = await fetch(`${url}/auth/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'emp01', password: 'Demo@123' }),
}).then((r) => r.json());
if (demo.code === '200') fail('a demo account exists on a database started without SEED_DEMO');

child.kill('SIGTERM');
const stop = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 60_000))]);
if (!stop) fail('the server did not stop within 60 s of SIGTERM');
if (stop.code !== 0) fail(`the server stopped with ${stop.code ?? stop.signal} after SIGTERM`);
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`first start on Node ${process.version}: ready, admin signed in, stopped cleanly (${((Date.now() - started) / 1000).toFixed(1)} s)`);
