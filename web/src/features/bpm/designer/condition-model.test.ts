import { describe, expect, it } from 'vitest';
import { readCondition, writeCondition } from './condition-model';

describe('the gateway condition editor model', () => {
  it('reads a single comparison and writes it back unchanged', () => {
    const body = '{"field":"days","op":"gt","value":3}';
    const read = readCondition(body);
    expect(read).toEqual({ kind: 'group', join: 'all', rows: [{ field: 'days', op: 'gt', value: '3' }] });
    expect(writeCondition(read)).toBe(body);
  });

  it('writes several rows as an all or any group, lists as arrays and numbers as numbers', () => {
    const written = writeCondition({
      kind: 'group',
      join: 'any',
      rows: [
        { field: 'amount', op: 'gte', value: ' 1000 ' },
        { field: 'dept', op: 'in', value: 'IT, HR,' },
        { field: 'remark', op: 'empty', value: 'ignored' },
        { field: ' ', op: 'eq', value: 'no field: left out' },
      ],
    });
    expect(JSON.parse(written ?? '')).toEqual({
      any: [
        { field: 'amount', op: 'gte', value: 1000 },
        { field: 'dept', op: 'in', value: ['IT', 'HR'] },
        { field: 'remark', op: 'empty' },
      ],
    });
    expect(readCondition(written ?? '')).toMatchObject({ kind: 'group', join: 'any' });
  });

  it('keeps what one group cannot show (nested groups, EL expressions) as raw text', () => {
    const expression = ['$', "{amount > 1000 && dept == 'IT'}"].join('');
    const nested = '{"all":[{"field":"a","op":"eq","value":1},{"any":[{"field":"b","op":"eq","value":2}]}]}';
    expect(readCondition(nested)).toEqual({ kind: 'raw', text: nested });
    expect(readCondition(expression)).toEqual({ kind: 'raw', text: expression });
    expect(writeCondition({ kind: 'raw', text: '  ' })).toBeNull();
  });

  it('answers no condition for an empty group', () => {
    expect(readCondition(undefined)).toEqual({ kind: 'group', join: 'all', rows: [] });
    expect(writeCondition({ kind: 'group', join: 'all', rows: [] })).toBeNull();
  });
});
