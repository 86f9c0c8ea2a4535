import { Input, Skeleton, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { type OrgTreeData, toTreeData, useOrgTree } from '../../components/resource';

function filterTree(nodes: OrgTreeData[], keyword: string): OrgTreeData[] {
  if (!keyword) return nodes;
  return nodes.flatMap((n) => {
    if (n.title.includes(keyword)) return [n];
    const children = filterTree(n.children, keyword);
    return children.length ? [{ ...n, children }] : [];
  });
}

/** The department tree at the left of a list: choosing a unit filters the list to it and everything below. */
export function OrgSideTree(props: { value: number | null; onChange(orgId: number | null): void }) {
  const { data, isLoading } = useOrgTree();
  const [keyword, setKeyword] = useState('');
  const treeData = useMemo(() => filterTree(toTreeData(data ?? []), keyword), [data, keyword]);
  if (isLoading) return <Skeleton active />;
  return (
    <div style={{ width: 240, flex: 'none', borderRight: '1px solid #f0f0f0', paddingRight: 12 }}>
      <Input.Search allowClear placeholder="搜索部门" onChange={(e) => setKeyword(e.target.value.trim())} style={{ marginBottom: 8 }} />
      <Tree
        blockNode
        defaultExpandAll
        treeData={treeData}
        selectedKeys={props.value === null ? [] : [props.value]}
        onSelect={(keys) => props.onChange(keys.length ? Number(keys[0]) : null)}
      />
    </div>
  );
}
