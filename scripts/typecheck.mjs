#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` for each TypeScript project, one at a time by default. tsc is
// TypeScript 7, the native compiler, which checks a project on every core: the five take ~30 s where
// TypeScript 5's one-core tsc took 80 s alone and 137 s beside the API tests (issue 33). Each
// project's output is printed whole when it ends; exits non-zero when any failed.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
// The largest first, so the small ones fill the other lane.
const PROJECTS = ['web', 'server', 'e2e', 'bench', 'packages/contract'];
const lanes = Math.max(1, Math.min(Number(process.env.TYPECHECK_JOBS ?? 1), os.availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      if (out.trim()) console.log(out.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: lanes }, async () => {
    const ok = [];
    for (let p = queue.shift(); p; p = queue.shift()) ok.push(await check(p));
    return ok.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
