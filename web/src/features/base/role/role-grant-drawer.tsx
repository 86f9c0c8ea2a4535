import { baseCalls, type MenuTreeNode, type RoleRecord } from '@erp/contract/modules/base';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Skeleton, Space, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { api } from '../../../app/api/client';

const TYPE_TAG: Record<string, string> = { M: '目录', C: '菜单', F: '按钮' };

const toNodes = (nodes: MenuTreeNode[]): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <span>
        {n.title} <Tag bordered={false}>{TYPE_TAG[n.type]}</Tag>
        {n.perms && <span style={{ color: '#666', fontSize: 12 }}>{n.perms}</span>}
      </span>
    ),
    children: toNodes(n.children),
  }));

/** Menu and button grants of a role as a checkbox tree; saved grants apply on the users' next call. */
export function RoleGrantDrawer(props: { role: RoleRecord | null; onClose(): void }) {
  const { message } = App.useApp();
  const [checked, setChecked] = useState<number[]>([]);
  const client = useQueryClient();
  const tree = useQuery({ queryKey: ['base', 'menu', 'tree', 'all'], queryFn: () => api(baseCalls.menuTreeAll, {}), enabled: props.role !== null });
  const detail = useQuery({
    queryKey: ['base', 'role', 'info', props.role?.id],
    queryFn: () => api(baseCalls.roleInfo, { id: props.role?.id ?? 0 }),
    enabled: props.role !== null,
  });
  useEffect(() => {
    if (detail.data) setChecked(detail.data.menuIds);
  }, [detail.data]);
  // Failures are shown by the API client; the drawer stays open.
  const saving = useMutation({
    mutationFn: (menuIds: number[]) => api(baseCalls.roleGrantMenus, { id: props.role?.id ?? 0, menuIds }),
    onSuccess: () => {
      message.success('权限已保存，用户下一次操作即生效');
      void client.invalidateQueries({ queryKey: ['base', 'role', 'info', props.role?.id] });
      props.onClose();
    },
  });
  const save = () => {
    if (!props.role || saving.isPending) return;
    saving.mutate(checked);
  };
  return (
    <Drawer
      open={props.role !== null}
      onClose={props.onClose}
      title={`分配权限 · ${props.role?.name ?? ''}`}
      size={520}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={props.onClose}>取消</Button>
          <Button type="primary" loading={saving.isPending} onClick={save}>
            保存
          </Button>
        </Space>
      }
    >
      {tree.isLoading || detail.isLoading ? (
        <Skeleton active />
      ) : (
        <Tree
          checkable
          checkStrictly
          defaultExpandAll
          treeData={toNodes(tree.data ?? [])}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
        />
      )}
    </Drawer>
  );
}
