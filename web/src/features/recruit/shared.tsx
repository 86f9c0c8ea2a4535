import { recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { api } from '../../app/api/client';
import { fieldName } from '../../components/resource';

/** Money in yuan with two decimals and thousands separators. */
export const yuan = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : v.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const localTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }) : '—';

/** Open demands the user may see (filters and pickers). */
export function DemandSelect(props: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  allowClear?: boolean;
  style?: React.CSSProperties;
  id?: string;
}) {
  const { data, isLoading } = useQuery({
    queryKey: ['recruit', 'demand', 'options'],
    queryFn: () => api(recruitCalls.demandGetPageList, { pageIndex: 1, pageSize: 200, status: '001' }),
    staleTime: 60_000,
  });
  return (
    <Select
      id={props.id}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={props.allowClear ?? true}
      loading={isLoading}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      placeholder="选择需求"
      aria-label={fieldName({ id: props.id, placeholder: '选择需求' })}
      options={(data?.records ?? []).map((d) => ({ value: d.id, label: `${d.name}（${d.demandNo}）` }))}
      style={{ minWidth: 220, ...props.style }}
    />
  );
}

/** Enabled interviewers (common/getUserList1). */
export function InterviewerSelect(props: { value?: number | null; onChange?: (v: number | null) => void; allowClear?: boolean; id?: string }) {
  const { data } = useQuery({ queryKey: ['recruit', 'interviewers'], queryFn: () => api(recruitCalls.commonGetUserList1, {}), staleTime: 60_000 });
  return (
    <Select
      id={props.id}
      allowClear={props.allowClear}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      placeholder="选择面试官"
      aria-label={fieldName({ id: props.id, placeholder: '选择面试官' })}
      options={(data ?? []).map((u) => ({ value: u.userId, label: `${u.realName}（${u.userCode}）` }))}
      style={{ minWidth: 180 }}
    />
  );
}

export function PlaceSelect(props: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const { data } = useQuery({ queryKey: ['recruit', 'places'], queryFn: () => api(recruitCalls.interviewPlaceGet, {}), staleTime: 60_000 });
  return (
    <Select
      id={props.id}
      allowClear
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      placeholder="选择面试地点"
      aria-label={fieldName({ id: props.id, placeholder: '选择面试地点' })}
      options={(data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      style={{ minWidth: 180 }}
    />
  );
}

export { useDictSelect } from '../../components/resource';
