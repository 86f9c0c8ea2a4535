import { baseCalls, type MenuRecord, type MenuTreeNode } from '@erp/contract/modules/base';
import { PERM } from '@erp/contract/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Result, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { handled } from '../handled';
import { ScreenFrame } from '../screen-frame';
import { MenuForm } from './menu-form';

const TYPE: Record<string, { label: string; color: string }> = {
  M: { label: '目录', color: 'blue' },
  C: { label: '菜单', color: 'green' },
  F: { label: '按钮', color: 'orange' },
};
// Leaves have no `children` so the table shows no expander for them.
type MenuRow = Omit<MenuTreeNode, 'children'> & { children?: MenuRow[] };
const rows = (nodes: MenuTreeNode[]): MenuRow[] => nodes.map(({ children, ...n }) => (children.length ? { ...n, children: rows(children) } : n));

/** The menu and button tree editor. */
export default function MenuScreen() {
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const canEdit = useHasAuth()(PERM.menuEdit);
  const [title, setTitle] = useState('');
  const [form, setForm] = useState<{ open: boolean; menu: MenuRecord | null; parentId: number | null }>({ open: false, menu: null, parentId: null });
  const tree = useQuery({ queryKey: ['base', 'menu', 'tree', title], queryFn: () => api(baseCalls.menuTreeAll, { title: title || undefined }) });
  const all = useQuery({ queryKey: ['base', 'menu', 'tree', 'all'], queryFn: () => api(baseCalls.menuTreeAll, {}) });
  const refresh = () => client.invalidateQueries({ queryKey: ['base', 'menu'] });
  const remove = (m: MenuRecord) =>
    modal.confirm({
      title: `确认删除“${m.title}”？`,
      okButtonProps: { danger: true },
      onOk: handled(async () => {
        await api(baseCalls.menuDelete, { id: m.id });
        message.success('已删除');
        await refresh();
      }),
    });
  return (
    <ScreenFrame>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search allowClear placeholder="菜单标题" onSearch={(v) => setTitle(v.trim())} style={{ width: 240 }} />
        <Auth code={PERM.menuEdit}>
          <Button type="primary" onClick={() => setForm({ open: true, menu: null, parentId: null })}>
            新增菜单
          </Button>
        </Auth>
      </Space>
      {tree.isError ? (
        <Result status="warning" title="数据加载失败" extra={<Button onClick={() => tree.refetch()}>重试</Button>} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={tree.isFetching}
          dataSource={rows(tree.data ?? [])}
          pagination={false}
          expandable={{ defaultExpandedRowKeys: (tree.data ?? []).map((n) => n.id) }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: '标题', dataIndex: 'title', width: 220 },
            { title: '类型', dataIndex: 'type', width: 70, render: (t: string) => <Tag color={TYPE[t]?.color}>{TYPE[t]?.label}</Tag> },
            { title: '路由地址', dataIndex: 'path' },
            { title: '组件', dataIndex: 'component' },
            { title: '权限标识', dataIndex: 'perms' },
            { title: '排序', dataIndex: 'sort', width: 60 },
            {
              title: '状态',
              dataIndex: 'enabled',
              width: 70,
              render: (v: boolean, r) => (v ? r.hidden ? <Tag>隐藏</Tag> : <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
            },
            {
              title: '操作',
              width: 200,
              fixed: 'right',
              render: (_: unknown, r: MenuRecord) =>
                canEdit ? (
                  <>
                    {r.type !== 'F' && (
                      <Button type="link" size="small" onClick={() => setForm({ open: true, menu: null, parentId: r.id })}>
                        新增
                      </Button>
                    )}
                    <Button type="link" size="small" onClick={() => setForm({ open: true, menu: r, parentId: r.parentId })}>
                      编辑
                    </Button>
                    <Button type="link" size="small" danger onClick={() => remove(r)}>
                      删除
                    </Button>
                  </>
                ) : null,
            },
          ]}
        />
      )}
      <MenuForm
        open={form.open}
        menu={form.menu}
        parentId={form.parentId}
        tree={all.data ?? []}
        onClose={() => setForm({ open: false, menu: null, parentId: null })}
        onSaved={refresh}
      />
    </ScreenFrame>
  );
}
