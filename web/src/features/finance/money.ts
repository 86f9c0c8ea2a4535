/** Fen (integers on the wire) shown as yuan with two decimals and thousands separators. */
export function fenText(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return '-';
  return (fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Yuan typed in a form → fen, exactly to the cent. */
export function toFen(yuan: number | null | undefined): number {
  if (yuan === null || yuan === undefined || Number.isNaN(yuan)) return 0;
  return Math.round(yuan * 100);
}

export const toYuan = (fen: number | null | undefined) => (fen ? fen / 100 : 0);

/** 202607 → 2026-07. */
export const monthText = (ym: number) => `${Math.floor(ym / 100)}-${String(ym % 100).padStart(2, '0')}`;

export const TYPE_NAMES: Record<string, string> = { '001': '收入', '002': '成本', '003': '费用' };
