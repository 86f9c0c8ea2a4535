import { employeeCalls } from '@erp/contract/modules/employee';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { fieldName } from '../../components/resource';

/** An employee picker (code, name, department), searching as one types. */
export function EmployeeSelect(props: { value?: number | null; onChange?: (v: number | null) => void; id?: string; disabled?: boolean }) {
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['hrDocuments', 'employeeOptions', keyword],
    queryFn: () => api(employeeCalls.employeeList, { keyword: keyword || undefined, limit: 20 }),
    staleTime: 30_000,
  });
  return (
    <Select
      id={props.id}
      showSearch
      allowClear
      disabled={props.disabled}
      filterOption={false}
      loading={isFetching}
      value={props.value ?? undefined}
      onSearch={setKeyword}
      onChange={(v) => props.onChange?.(v ?? null)}
      placeholder="输入姓名或工号搜索"
      aria-label={fieldName({ id: props.id, placeholder: '输入姓名或工号搜索' })}
      options={(data ?? []).map((e) => ({ value: e.id, label: `${e.name}（${e.code}）${e.orgName ? ` · ${e.orgName}` : ''}` }))}
    />
  );
}
