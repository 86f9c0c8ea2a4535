import { baseCalls, type OrgTreeNode, type OrgUnit } from '@erp/contract/modules/base';
import { PERM } from '@erp/contract/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Form, Input, Modal, Skeleton, Space, Switch, Tag, Tree } from 'antd';
import type { DataNode, TreeProps } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { api } from '../../../app/api/client';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { OrgTreeSelect } from '../../../components/resource';
import { handled } from '../handled';
import { ScreenFrame } from '../screen-frame';
import { ORG_TYPE_NAMES, OrgForm } from './org-form';

const toNodes = (nodes: OrgTreeNode[], keyword: string): DataNode[] =>
  nodes.flatMap((n) => {
    const children = toNodes(n.children, keyword);
    if (keyword && !n.name.includes(keyword) && !children.length) return [];
    return [
      {
        key: n.id,
        title: (
          <span style={{ color: n.enabled ? undefined : '#bbb' }}>
            {n.name}
            {n.isClient && <Tag style={{ marginLeft: 4 }}>客户</Tag>}
          </span>
        ),
        children,
      },
    ];
  });

const indexOf = (nodes: OrgTreeNode[], map = new Map<number, OrgTreeNode>()) => {
  for (const n of nodes) {
    map.set(n.id, n);
    indexOf(n.children, map);
  }
  return map;
};

/** Organisation: the tree (drag a unit onto another to move it there) and the chosen unit's details. */
export default function OrganizationScreen() {
  const client = useQueryClient();
  const { modal, message } = App.useApp();
  const canEdit = useHasAuth()(PERM.orgEdit);
  const [includeClient, setIncludeClient] = useState(true);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [form, setForm] = useState<{ open: boolean; parent: OrgUnit | null; unit: OrgUnit | null }>({ open: false, parent: null, unit: null });
  const [moving, setMoving] = useState<OrgUnit | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const tree = useQuery({
    queryKey: ['base', 'org', 'tree', { includeClient, includeDisabled: true }],
    queryFn: () => api(baseCalls.orgTree, { includeClient, includeDisabled: true }),
  });
  const byId = useMemo(() => indexOf(tree.data ?? []), [tree.data]);
  const detail = useQuery({
    queryKey: ['base', 'org', 'dept', selected],
    queryFn: () => api(baseCalls.getDeptById, { id: selected ?? 0 }),
    enabled: selected !== null,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['base', 'org'] });

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = byId.get(Number(info.dragNode.key));
    const target = byId.get(Number(info.node.key));
    if (!dragged || !target) return;
    // Dropped onto a node: becomes its child; dropped between nodes: joins the target's parent.
    const parent = info.dropToGap ? (target.parentId === null ? undefined : byId.get(target.parentId)) : target;
    if (!parent || parent.id === dragged.parentId) return;
    modal.confirm({
      title: `确认将“${dragged.name}”移动到“${parent.name}”下？`,
      content: '其下级组织随之移动，人员的所属公司按新位置更新。',
      onOk: handled(async () => {
        await api(baseCalls.orgMove, { id: dragged.id, parentId: parent.id });
        message.success('已移动');
        await refresh();
      }),
    });
  };

  const remove = (unit: OrgUnit) =>
    modal.confirm({
      title: `确认删除“${unit.name}”？`,
      okButtonProps: { danger: true },
      onOk: handled(async () => {
        await api(baseCalls.orgDelete, { id: unit.id });
        setSelected(null);
        await refresh();
      }),
    });

  const d = detail.data;
  return (
    <ScreenFrame>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Card
          size="small"
          title="组织架构"
          style={{ flex: '1 1 320px', maxWidth: 420 }}
          extra={<Switch size="small" checked={includeClient} onChange={setIncludeClient} checkedChildren="含客户" unCheckedChildren="不含客户" />}
        >
          <Input.Search allowClear placeholder="搜索组织" onChange={(e) => setKeyword(e.target.value.trim())} style={{ marginBottom: 8 }} />
          {tree.isLoading ? (
            <Skeleton active />
          ) : (
            <Tree
              blockNode
              defaultExpandAll
              draggable={canEdit ? { icon: false } : false}
              treeData={toNodes(tree.data ?? [], keyword)}
              selectedKeys={selected === null ? [] : [selected]}
              onSelect={(keys) => keys.length && setSelected(Number(keys[0]))}
              onDrop={onDrop}
            />
          )}
        </Card>
        <Card size="small" title="组织详情" style={{ flex: '2 1 420px' }}>
          {selected === null ? (
            <Empty description="请选择左侧的组织" />
          ) : !d ? (
            <Skeleton active />
          ) : (
            <>
              <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small">
                <Descriptions.Item label="组织名称">{d.name}</Descriptions.Item>
                <Descriptions.Item label="组织编码">{d.code}</Descriptions.Item>
                <Descriptions.Item label="组织类型">{ORG_TYPE_NAMES[d.type]}</Descriptions.Item>
                <Descriptions.Item label="上级组织">{d.parentName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="负责人">{d.leaderName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="直属人数">{d.memberCount}</Descriptions.Item>
                <Descriptions.Item label="状态">{d.enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>}</Descriptions.Item>
                <Descriptions.Item label="客户公司">{d.isClient ? '是' : '否'}</Descriptions.Item>
              </Descriptions>
              <Auth code={PERM.orgEdit}>
                <Space style={{ marginTop: 16 }}>
                  <Button type="primary" onClick={() => setForm({ open: true, parent: d, unit: null })}>
                    新增下级
                  </Button>
                  <Button onClick={() => setForm({ open: true, parent: null, unit: d })}>编辑</Button>
                  {d.parentId !== null && (
                    <Button
                      onClick={() => {
                        setTarget(null);
                        setMoving(d);
                      }}
                    >
                      移动到…
                    </Button>
                  )}
                  {d.parentId !== null && (
                    <Button danger onClick={() => remove(d)}>
                      删除
                    </Button>
                  )}
                </Space>
              </Auth>
            </>
          )}
        </Card>
      </div>
      <Modal
        open={moving !== null}
        title={`移动“${moving?.name ?? ''}”`}
        okButtonProps={{ disabled: target === null }}
        onCancel={() => setMoving(null)}
        onOk={handled(async () => {
          if (!moving || target === null) return;
          await api(baseCalls.orgMove, { id: moving.id, parentId: target });
          message.success('已移动');
          setMoving(null);
          await refresh();
        })}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="新的上级组织" htmlFor="org-move-target">
            <OrgTreeSelect id="org-move-target" value={target} onChange={(v) => setTarget(typeof v === 'number' ? v : null)} includeClient />
          </Form.Item>
        </Form>
      </Modal>
      <OrgForm
        open={form.open}
        parent={form.parent}
        unit={form.unit}
        onClose={() => setForm({ open: false, parent: null, unit: null })}
        onSaved={(u) => {
          setSelected(u.id);
          void refresh();
        }}
      />
    </ScreenFrame>
  );
}
