import { baseCalls } from '@erp/contract/modules/base';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { api } from '../../../app/api/client';

/** Multi-select of users found by name, code or pinyin initials (base dimQueryUser). */
export function UserPicker({ value, onChange, id }: { value?: number[]; onChange?: (ids: number[]) => void; id?: string }) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword);
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  const q = useQuery({
    queryKey: ['base', 'dimQueryUser', deferred],
    queryFn: () => api(baseCalls.dimQueryUser, { keyword: deferred || undefined, pageIndex: 1, pageSize: 20 }),
    staleTime: 30_000,
  });
  const options = (q.data?.records ?? []).map((u) => ({ value: u.userId, label: `${u.realName}（${u.userCode}）${u.orgName ? ` · ${u.orgName}` : ''}` }));
  const selected = (value ?? []).filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: known.get(v) ?? String(v) }));
  return (
    <Select
      id={id}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value}
      onChange={(ids: number[]) => {
        const next = new Map(known);
        for (const o of options) if (ids.includes(o.value)) next.set(o.value, o.label);
        setKnown(next);
        onChange?.(ids);
      }}
      options={[...selected, ...options]}
      loading={q.isFetching}
      style={{ width: '100%' }}
    />
  );
}
