import { fieldsOf, passwordStrongEnough } from '@erp/contract';
import { describe, expect, it } from 'vitest';
import { randomPassword } from '../../modules/base/user.service';
import { likePattern } from './filters';
import { attachment } from './xlsx-export';

describe('resource helpers', () => {
  it('escapes LIKE wildcards so users match them literally', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(likePattern('王')).toBe('%王%');
  });

  it('orders fields by the declared order, then the rest', () => {
    const meta = { fields: { a: { label: 'A' }, b: { label: 'B' }, c: { label: 'C' } }, order: ['c', 'a'] };
    expect(fieldsOf(meta).map(([k]) => k)).toEqual(['c', 'a', 'b']);
    expect(fieldsOf({ fields: { x: { label: 'X' }, y: undefined } }).map(([k]) => k)).toEqual(['x']);
  });

  it('names downloads in UTF-8 with an ASCII fallback', () => {
    expect(attachment('用户列表.xlsx')).toBe(`attachment; filename="____.xlsx"; filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`);
    expect(attachment('a"b.xlsx')).toContain('filename="a_b.xlsx"');
  });

  it('generates reset passwords that pass the strength rule', () => {
    for (let i = 0; i < 200; i++) expect(passwordStrongEnough(randomPassword())).toBe(true);
  });
});
