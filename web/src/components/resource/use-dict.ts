import type { DictOption } from '@erp/contract/modules/base';
import { baseCalls } from '@erp/contract/modules/base';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api/client';

const FIVE_MINUTES = 5 * 60_000;

/** Enabled values of a dictionary type (what forms offer). */
export function useDictOptions(codeType: string | undefined) {
  return useQuery({
    queryKey: ['dict', 'options', codeType],
    queryFn: () => api(baseCalls.getDict, { codeType: codeType ?? '' }).then((d) => d.dictOutDtos),
    enabled: Boolean(codeType),
    staleTime: FIVE_MINUTES,
  });
}

/** The enabled values of a type as Select options, without the codes in `exclude` (e.g. a value only the system sets). */
export function useDictSelect(codeType: string, exclude: readonly string[] = []): Array<{ value: string; label: string }> {
  const { data } = useDictOptions(codeType);
  return (data ?? []).filter((d) => !exclude.includes(d.code)).map((d) => ({ value: d.code, label: d.codeName }));
}

/** Every value of a type, disabled ones included: labels for old records. */
export function useDictLabels(codeType: string | undefined): { labelOf(code: unknown): string; option(code: unknown): DictOption | undefined } {
  const { data } = useQuery({
    queryKey: ['dict', 'labels', codeType],
    queryFn: () => api(baseCalls.getDictInfo, { codeType: codeType ?? '' }).then((d) => d.dictOutDtos),
    enabled: Boolean(codeType),
    staleTime: FIVE_MINUTES,
  });
  const byCode = new Map((data ?? []).map((o) => [o.code, o]));
  return {
    labelOf: (code) => (code === null || code === undefined || code === '' ? '' : (byCode.get(String(code))?.codeName ?? String(code))),
    option: (code) => byCode.get(String(code)),
  };
}

/** antd Tag colours of the status palette. */
export const TAG_COLOR: Record<string, string> = { green: 'success', red: 'error', orange: 'warning', blue: 'processing', grey: 'default' };
