#!/usr/bin/env node
// `npm test`: every part of the suite — lint, unit+API, browser — each run to its end whatever the
// others did, then one summary of what failed, how long each part took and the slowest test files.
// Exits non-zero when any part failed: chained with `&&` a failing API part hid the browser part
// (issue 33). Lint runs beside the unit+API part (that part leaves a core idle a third of the time;
// lint's output is printed when it ends); the browser part, which keeps both cores busy, runs after.
//
// TEST_PARTS=lint,api,e2e selects parts (default: all); extra arguments go to every vitest part,
// e.g. `npm test -- --bail=1`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-test-report-'));
const extra = process.argv.slice(2);
const startedAll = Date.now();

const vitestReport = (name) => ['--', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`, ...extra];
/** Parts of one stage run side by side; `quiet` parts print their output when they end. */
const PARTS = [
  { id: 'lint', stage: 1, quiet: true, title: 'lint (types + Biome)', args: ['run', '-s', 'lint'] },
  { id: 'api', stage: 1, title: 'unit + API', args: ['run', 'test:api', ...vitestReport('api')] },
  { id: 'e2e', stage: 2, title: 'browser (build + chromium)', args: ['run', 'test:e2e', ...vitestReport('e2e')] },
];

const wanted = (process.env.TEST_PARTS ?? 'lint,api,e2e').split(',').map((s) => s.trim());
const unknown = wanted.filter((w) => !PARTS.some((p) => p.id === w));
if (unknown.length) {
  console.error(`TEST_PARTS: unknown part ${unknown.join(', ')} (known: ${PARTS.map((p) => p.id).join(', ')})`);
  process.exit(2);
}

function run(part) {
  return new Promise((resolve) => {
    const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', part.args, { cwd: root, stdio: part.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (part.quiet)
      for (const stream of [child.stdout, child.stderr])
        stream.on('data', (d) => {
          output += d;
        });
    const done = (code) => {
      if (part.quiet) console.log(`\n━━ ${part.title} (output)\n${output.trimEnd()}\n━━ ${part.title}: ${code === 0 ? 'passed' : 'FAILED'}\n`);
      resolve(code);
    };
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
    child.on('error', () => done(127));
  });
}

const results = [];
const chosen = PARTS.filter((p) => wanted.includes(p.id));
for (const stage of [...new Set(chosen.map((p) => p.stage))]) {
  await Promise.all(
    chosen
      .filter((p) => p.stage === stage)
      .map(async (part) => {
        console.log(`\n━━ ${part.title}: npm ${part.args.filter((a) => !a.startsWith('--outputFile') && !a.startsWith('--reporter')).join(' ')}\n`);
        const started = Date.now();
        const code = await run(part);
        results.push({ ...part, code, seconds: Math.round((Date.now() - started) / 1000) });
      }),
  );
}
results.sort((a, b) => PARTS.findIndex((p) => p.id === a.id) - PARTS.findIndex((p) => p.id === b.id));

/** Every test file of the vitest parts with its time, read from their JSON reports. */
function fileTimes() {
  const rows = [];
  for (const name of ['api', 'e2e']) {
    const file = path.join(reports, `${name}.json`);
    if (!fs.existsSync(file)) continue;
    try {
      const report = JSON.parse(fs.readFileSync(file, 'utf8'));
      for (const f of report.testResults ?? []) {
        const failed = (f.assertionResults ?? []).filter((t) => t.status === 'failed').map((t) => t.fullName);
        rows.push({ file: path.relative(root, f.name), seconds: (f.endTime - f.startTime) / 1000, status: f.status, failed, message: f.message });
      }
    } catch {
      // a part stopped before writing its report: its own output says why
    }
  }
  return rows;
}

const files = fileTimes();
const line = '━'.repeat(72);
console.log(`\n${line}\nnpm test — summary`);
for (const r of results) console.log(`  ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`.padEnd(6)}  ${String(r.seconds).padStart(5)} s  ${r.title}`);
console.log(`  total ${Math.round((Date.now() - startedAll) / 1000)} s (lint beside unit + API)`);
const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
if (slowest.length) {
  console.log('\nslowest files:');
  for (const f of slowest) console.log(`  ${f.seconds.toFixed(1).padStart(6)} s  ${f.file}`);
}
const failedFiles = files.filter((f) => f.status === 'failed');
if (failedFiles.length) {
  console.log('\nfailed:');
  for (const f of failedFiles) {
    console.log(`  ${f.file}`);
    for (const t of f.failed) console.log(`    × ${t}`);
    if (!f.failed.length && f.message) console.log(`    ${String(f.message).split('\n')[0]}`);
  }
}
console.log(line);
fs.rmSync(reports, { recursive: true, force: true });
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
