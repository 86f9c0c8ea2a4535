import type { FieldMeta } from '@erp/contract';
import { fieldsOf } from '@erp/contract';
import type { Platform } from '../platform';

/** Dictionary labels for exports and imports; the base module registers it as service `dictionaries`. */
export interface DictionaryLabels {
  /** code → codeName of each type, disabled values included (old records keep their label). */
  labels(codeTypes: string[]): Promise<Map<string, Map<string, string>>>;
}

export function dictionaryLabels(platform: Platform): DictionaryLabels {
  const service = platform.services.get('dictionaries') as DictionaryLabels | undefined;
  return service ?? { labels: async (types) => new Map(types.map((t) => [t, new Map()])) };
}

export type Lang = 'zh' | 'en';

export const labelOf = (field: FieldMeta, lang: Lang) => (lang === 'en' ? (field.labelEn ?? field.label) : field.label);

/** Local time as exports write it (2026-12-02 09:30:00, the company's zone). */
export const exportStamp = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A column of an export: header and how a record's value is written (dictionary names, yes/no, local time). */
export interface ExportColumn {
  key: string;
  header: string;
  width: number;
  format(value: unknown): string | number | null;
}

export async function exportColumns(platform: Platform, meta: Parameters<typeof fieldsOf>[0], lang: Lang): Promise<ExportColumn[]> {
  const fields = fieldsOf(meta).filter(([, f]) => f.export !== false && f.valueType !== 'password');
  const dicts = await dictionaryLabels(platform).labels([...new Set(fields.flatMap(([, f]) => (f.dict ? [f.dict] : [])))]);
  const yes = lang === 'en' ? 'Yes' : '是';
  const no = lang === 'en' ? 'No' : '否';
  return fields.map(([key, f]) => {
    const names = f.dict ? dicts.get(f.dict) : undefined;
    const format = (v: unknown): string | number | null => {
      if (v === null || v === undefined) return null;
      if (names) return names.get(String(v)) ?? String(v);
      if (f.valueType === 'boolean') return key === 'enabled' ? (v ? (lang === 'en' ? 'Enabled' : '启用') : lang === 'en' ? 'Disabled' : '停用') : v ? yes : no;
      if (f.valueType === 'datetime' && typeof v === 'string') return exportStamp.format(new Date(v));
      if (typeof v === 'number') return v;
      if (typeof v === 'object') return JSON.stringify(v).slice(0, 32000);
      return String(v);
    };
    return { key, header: labelOf(f, lang), width: Math.max(10, Math.round((f.width ?? 120) / 7)), format };
  });
}
