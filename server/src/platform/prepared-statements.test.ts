import { describe, expect, it } from 'vitest';
import { StatementNamer } from './prepared-statements';

describe('statement names', () => {
  it('names a text from its threshold-th run on, always with the same name', () => {
    const namer = new StatementNamer({ threshold: 3, trackedTexts: 10 });
    expect(namer.nameFor('select $1')).toBeUndefined();
    expect(namer.nameFor('select $1')).toBeUndefined();
    const name = namer.nameFor('select $1');
    expect(name).toMatch(/^erp_/);
    expect(namer.nameFor('select $1')).toBe(name);
  });

  it('gives different texts different names', () => {
    const namer = new StatementNamer({ threshold: 1, trackedTexts: 10 });
    expect(namer.nameFor('select $1')).not.toBe(namer.nameFor('select $2'));
  });

  it('keeps a bounded number of texts and never reuses a name for another text', () => {
    const namer = new StatementNamer({ threshold: 1, trackedTexts: 2 });
    const first = namer.nameFor('a');
    namer.nameFor('b');
    namer.nameFor('c'); // forgets 'a'
    const again = namer.nameFor('a');
    expect(again).not.toBe(first);
    expect(new Set([first, again, namer.nameFor('b'), namer.nameFor('c')]).size).toBe(4);
  });

  it('forgets the counts of texts run rarely once too many are counted', () => {
    const namer = new StatementNamer({ threshold: 2, trackedTexts: 2 });
    namer.nameFor('rare');
    namer.nameFor('x');
    namer.nameFor('y'); // 'rare' forgotten: counting starts again
    expect(namer.nameFor('rare')).toBeUndefined();
    expect(namer.nameFor('rare')).toMatch(/^erp_/);
  });
});
