import type { EmployeeOption } from '@erp/contract/modules/bpm';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './flow-texts';
import { fieldName } from '../resource/pickers';
import { usePeople } from './use-people';

export const personLabel = (p: EmployeeOption) => `${p.name}（${p.code}）${p.orgName ? ` · ${p.orgName}` : ''}`;

type SingleProps = { multiple?: false; value?: string; onChange?(code: string): void };
type MultipleProps = { multiple: true; value?: string[]; onChange?(codes: string[]): void };

/**
 * A person searched on the server as one types (never the current user), for a Form.Item: value is the
 * user code, or the codes with `multiple` (people already chosen keep their labels while one searches on).
 */
export function PersonSelect(
  props: (SingleProps | MultipleProps) & {
    placeholder: string;
    testId: string;
    /** From Form.Item, so its label names the field. */
    id?: string;
    /** At most this many people (multiple only). */
    maxCount?: number;
  },
) {
  const { placeholder, testId, id, maxCount } = props;
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const people = usePeople(useDeferredValue(keyword));
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const found = (people.data ?? []).map((p) => ({ value: p.code, label: personLabel(p) }));
  const options = props.multiple
    ? [...found, ...[...chosen].filter(([code]) => !found.some((o) => o.value === code)).map(([value, label]) => ({ value, label }))]
    : found;
  const remember = (codes: string[]) => {
    const next = new Map<string, string>();
    for (const code of codes) next.set(code, options.find((o) => o.value === code)?.label ?? chosen.get(code) ?? code);
    setChosen(next);
  };
  return (
    <Select
      id={id}
      aria-label={fieldName({ id, placeholder })}
      mode={props.multiple ? 'multiple' : undefined}
      maxCount={props.multiple ? maxCount : undefined}
      value={props.value}
      onChange={(v: string | string[]) => {
        if (props.multiple) {
          remember(v as string[]);
          props.onChange?.(v as string[]);
        } else props.onChange?.(v as string);
      }}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={placeholder}
      loading={people.isFetching}
      notFoundContent={t(people.isFetching ? 'flow.searching' : 'flow.noMatch')}
      options={options}
      data-testid={testId}
    />
  );
}
