import type { EmployeeOption } from '@erp/contract/modules/bpm';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './flow-texts';
import { fieldName } from '../resource/pickers';
import { usePeople } from './use-people';

export const personLabel = (p: EmployeeOption) => `${p.name}（${p.code}）${p.orgName ? ` · ${p.orgName}` : ''}`;

/** A person searched on the server as one types (never the current user), for a Form.Item: value is the user code. */
export function PersonSelect({
  value,
  onChange,
  placeholder,
  testId,
  id,
}: {
  value?: string;
  onChange?(code: string): void;
  placeholder: string;
  testId: string;
  /** From Form.Item, so its label names the field. */
  id?: string;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const people = usePeople(useDeferredValue(keyword));
  return (
    <Select
      id={id}
      aria-label={fieldName({ id, placeholder })}
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={placeholder}
      loading={people.isFetching}
      notFoundContent={t(people.isFetching ? 'flow.searching' : 'flow.noMatch')}
      options={(people.data ?? []).map((p) => ({ value: p.code, label: personLabel(p) }))}
      data-testid={testId}
    />
  );
}
