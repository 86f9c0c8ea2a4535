/**
 * Money rules shared by the server (bills, PDF) and the web (forms, print): amounts are integer fen,
 * tax rates basis points (600 = 6 %). docs/domain/finance-billing.md, "The numbers that must reconcile".
 */

/** round(a × b / d) half up, for non-negative integers, without floating point. */
function mulDivRound(a: number, b: number, d: number): number {
  const product = BigInt(a) * BigInt(b);
  const q = product / BigInt(d);
  const r = product % BigInt(d);
  return Number(r * 2n >= BigInt(d) ? q + 1n : q);
}

export interface LineAmounts {
  amountExcl: number;
  taxAmount: number;
  amountIncl: number;
}

/** A line: excluding tax = quantity × unit price (quantity in hundredths), tax rounded once, including = their sum. */
export function lineAmounts(quantityX100: number, unitPrice: number, taxRateBp: number): LineAmounts {
  const amountExcl = mulDivRound(quantityX100, unitPrice, 100);
  const taxAmount = mulDivRound(amountExcl, taxRateBp, 10000);
  return { amountExcl, taxAmount, amountIncl: amountExcl + taxAmount };
}

/** The totals of lines: each amount summed over the lines (never recomputed from the total). */
export function sumAmounts(lines: LineAmounts[]): LineAmounts {
  return lines.reduce((t, l) => ({ amountExcl: t.amountExcl + l.amountExcl, taxAmount: t.taxAmount + l.taxAmount, amountIncl: t.amountIncl + l.amountIncl }), {
    amountExcl: 0,
    taxAmount: 0,
    amountIncl: 0,
  });
}

/** Fen as yuan with two decimals and thousands separators (1234567 → "12,345.67"). */
export function formatFen(fen: number): string {
  const negative = fen < 0;
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

/** A four-digit section in capitals (no leading zero handling across sections). */
function section(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      zero = out !== '';
    } else {
      if (zero) out += '零';
      zero = false;
      out += (DIGITS[d] as string) + UNITS[i];
    }
  }
  return out;
}

/**
 * An amount in Chinese capitals as printed on bills and invoices:
 * 1234567 fen → 壹万贰仟叁佰肆拾伍元陆角柒分; 100000 → 壹仟元整; 5 → 伍分; 0 → 零元整.
 */
export function amountInWords(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error('amount must be an integer number of fen');
  if (fen < 0) return `负${amountInWords(-fen)}`;
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const fenDigit = fen % 10;
  let integer = '';
  if (yuan > 0) {
    const parts: number[] = [];
    for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10000)) parts.push(rest % 10000);
    let needZero = false;
    for (let i = parts.length - 1; i >= 0; i--) {
      const p = parts[i] as number;
      if (p === 0) {
        needZero = integer !== '';
        continue;
      }
      if ((needZero || (integer !== '' && p < 1000)) && !integer.endsWith('零')) integer += '零';
      needZero = false;
      integer += section(p) + SECTIONS[i];
    }
    integer += '元';
  }
  if (jiao === 0 && fenDigit === 0) return `${integer || '零元'}整`;
  let decimals = '';
  if (jiao > 0) decimals += `${DIGITS[jiao]}角`;
  else if (integer) decimals += '零';
  if (fenDigit > 0) decimals += `${DIGITS[fenDigit]}分`;
  else decimals += '整';
  return integer + decimals;
}
