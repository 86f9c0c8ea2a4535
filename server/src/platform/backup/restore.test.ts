import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { swapInFiles } from './restore';

describe('swapInFiles (restore on PostgreSQL)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const dataDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'swap-'));
    dirs.push(d);
    fs.mkdirSync(path.join(d, 'files'));
    fs.writeFileSync(path.join(d, 'files', 'old.bin'), 'old');
    fs.mkdirSync(path.join(d, '.restore-x', 'files'), { recursive: true });
    fs.writeFileSync(path.join(d, '.restore-x', 'files', 'new.bin'), 'new');
    return d;
  };

  it('puts the archive files in place and keeps the replaced ones aside', () => {
    const d = dataDir();
    swapInFiles(d, path.join(d, '.restore-x'), () => undefined);
    expect(fs.readdirSync(path.join(d, 'files'))).toEqual(['new.bin']);
    const aside = fs.readdirSync(d).find((n) => n.startsWith('.before-restore-')) as string;
    expect(fs.readdirSync(path.join(d, aside, 'files'))).toEqual(['old.bin']);
  });

  it('undoes the swap when the database load fails, leaving the files as they were', () => {
    const d = dataDir();
    const undo = swapInFiles(d, path.join(d, '.restore-x'), () => undefined);
    undo();
    expect(fs.readdirSync(path.join(d, 'files'))).toEqual(['old.bin']);
    expect(fs.readdirSync(d).some((n) => n.startsWith('.before-restore-'))).toBe(false);
  });
});
