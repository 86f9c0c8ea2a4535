import type { OrgTreeNode } from '@erp/contract/modules/base';
import { baseCalls } from '@erp/contract/modules/base';
import { useQuery } from '@tanstack/react-query';
import { Select, TreeSelect } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';

export interface OrgTreeData {
  value: number;
  title: string;
  key: number;
  children: OrgTreeData[];
}

export const toTreeData = (nodes: OrgTreeNode[]): OrgTreeData[] =>
  nodes.map((n) => ({ value: n.id, key: n.id, title: n.enabled ? n.name : `${n.name}（停用）`, children: toTreeData(n.children) }));

export function useOrgTree(opts: { includeClient?: boolean; includeDisabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['base', 'org', 'tree', opts],
    queryFn: () => api(baseCalls.orgTree, opts),
    staleTime: 60_000,
  });
}

/**
 * The accessible name of a picker used outside a Form.Item (a filter bar): its own aria-label, else
 * its placeholder. Inside a Form.Item the id links the item's label, which names it.
 */
export function fieldName(props: { id?: string; 'aria-label'?: string; placeholder?: string }, fallback?: string): string | undefined {
  if (props['aria-label']) return props['aria-label'];
  return props.id ? undefined : (props.placeholder ?? fallback);
}

/** Picks one organisation unit (or several with `multiple`) from the tree, searchable by name. */
export function OrgTreeSelect(props: {
  value?: number | number[] | null;
  onChange?: (value: number | number[] | null) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  includeClient?: boolean;
  style?: React.CSSProperties;
  id?: string;
  'aria-label'?: string;
}) {
  const { data, isLoading } = useOrgTree({ includeClient: props.includeClient });
  return (
    <TreeSelect
      id={props.id}
      aria-label={fieldName(props, '选择组织')}
      showSearch
      allowClear
      treeDefaultExpandAll
      loading={isLoading}
      disabled={props.disabled}
      multiple={props.multiple}
      treeCheckable={props.multiple}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      placeholder={props.placeholder}
      treeData={toTreeData(data ?? [])}
      treeNodeFilterProp="title"
      style={{ minWidth: 200, ...props.style }}
      popupMatchSelectWidth={false}
    />
  );
}

/** Picks a person by name, code, pinyin initials or phone (dimQueryUser). */
export function UserSelect(props: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  placeholder?: string;
  initialLabel?: string;
  id?: string;
  'aria-label'?: string;
  style?: React.CSSProperties;
}) {
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['base', 'user', 'dim', keyword],
    queryFn: () => api(baseCalls.dimQueryUser, { keyword: keyword || undefined, pageIndex: 1, pageSize: 20 }),
    staleTime: 30_000,
  });
  const options = (data?.records ?? []).map((u) => ({ value: u.id, label: `${u.realName}（${u.userCode}）${u.orgName ? ` · ${u.orgName}` : ''}` }));
  if (props.value && props.initialLabel && !options.some((o) => o.value === props.value)) options.unshift({ value: props.value, label: props.initialLabel });
  return (
    <Select
      id={props.id}
      aria-label={fieldName(props, '选择人员')}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      loading={isFetching}
      disabled={props.disabled}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      placeholder={props.placeholder ?? '输入姓名、账号、拼音首字母或手机号'}
      options={options}
      style={{ minWidth: 220, ...props.style }}
    />
  );
}
