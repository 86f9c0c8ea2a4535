import { describe, expect, it } from 'vitest';
import { amountInWords, formatFen, lineAmounts, sumAmounts } from './money';

describe('money', () => {
  it('writes amounts in Chinese capitals as bills print them', () => {
    expect(amountInWords(1234567)).toBe('壹万贰仟叁佰肆拾伍元陆角柒分');
    expect(amountInWords(100000)).toBe('壹仟元整');
    expect(amountInWords(0)).toBe('零元整');
    expect(amountInWords(5)).toBe('伍分');
    expect(amountInWords(50)).toBe('伍角整');
    expect(amountInWords(10005)).toBe('壹佰元零伍分');
    expect(amountInWords(100100)).toBe('壹仟零壹元整');
    expect(amountInWords(1000000000)).toBe('壹仟万元整');
    expect(amountInWords(1000010000)).toBe('壹仟万零壹佰元整');
    expect(amountInWords(10000000000)).toBe('壹亿元整');
    expect(amountInWords(10100000000)).toBe('壹亿零壹佰万元整');
    expect(amountInWords(200000030)).toBe('贰佰万元叁角整');
    expect(amountInWords(123456789012)).toBe('壹拾贰亿叁仟肆佰伍拾陆万柒仟捌佰玖拾元壹角贰分');
  });

  it('formats fen as yuan with separators', () => {
    expect(formatFen(1234567)).toBe('12,345.67');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(-100)).toBe('-1.00');
  });

  it('rounds the tax once per line, half up, and the parts add up per line and in total', () => {
    expect(lineAmounts(1250, 8833, 600)).toEqual({ amountExcl: 110413, taxAmount: 6625, amountIncl: 117038 });
    // 0.5 fen of tax rounds up.
    expect(lineAmounts(100, 25, 200)).toMatchObject({ taxAmount: 1 });
    const lines = Array.from({ length: 200 }, (_, i) => lineAmounts(1 + ((i * 7919) % 17600), 3333 + i, [600, 300, 100][i % 3] as number));
    for (const l of lines) expect(l.amountExcl + l.taxAmount).toBe(l.amountIncl);
    const total = sumAmounts(lines);
    expect(total.amountExcl + total.taxAmount).toBe(total.amountIncl);
    // Large amounts stay exact (no floating point).
    expect(lineAmounts(100, 9_999_999_999_999, 600)).toEqual({ amountExcl: 9_999_999_999_999, taxAmount: 600_000_000_000, amountIncl: 10_599_999_999_999 });
  });
});
