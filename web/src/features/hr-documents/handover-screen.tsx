import { type HoldingGroup, handoverCalls } from '@erp/contract/modules/handover';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { UserSelect } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';

type Overrides = Record<string, Record<string, number>>;

/**
 * 离职交接: everything a person holds, by group; HR names a successor per group and, where one
 * item should go elsewhere, per item; confirming moves all of it in one transaction.
 */
export default function HandoverScreen() {
  const { message } = App.useApp();
  // Opened from a departure in approval (?userId=&name=): that leaver is chosen already.
  const [params] = useSearchParams();
  const [userId, setUserId] = useState<number | null>(Number(params.get('userId')) || null);
  const initialName = params.get('name') ?? undefined;
  const [groupTo, setGroupTo] = useState<Record<string, number | null>>({});
  const [overrides, setOverrides] = useState<Overrides>({});
  const [busy, setBusy] = useState(false);
  const holdings = useQuery({
    queryKey: ['hrDocuments', 'handover', userId],
    queryFn: () => api(handoverCalls.handoverHoldings, { userId: userId as number }),
    enabled: !!userId,
    staleTime: 0,
  });
  const assignments = useMemo(() => {
    const list: Array<{ group: string; toUserId: number; itemIds?: string[] }> = [];
    for (const [group, items] of Object.entries(overrides)) {
      const byUser = new Map<number, string[]>();
      for (const [item, to] of Object.entries(items)) byUser.set(to, [...(byUser.get(to) ?? []), item]);
      for (const [to, ids] of byUser) list.push({ group, toUserId: to, itemIds: ids });
    }
    for (const [group, to] of Object.entries(groupTo)) if (to) list.push({ group, toUserId: to });
    return list;
  }, [overrides, groupTo]);
  const confirm = async () => {
    if (!userId) return;
    setBusy(true);
    try {
      const r = await api(handoverCalls.handoverConfirm, { userId, assignments });
      message.success(`已交接 ${r.total} 项${r.remaining ? `，仍有 ${r.remaining} 项未交接` : '，已全部交接'}`);
      setGroupTo({});
      setOverrides({});
      await holdings.refetch();
    } finally {
      setBusy(false);
    }
  };
  const data = holdings.data;
  return (
    <ScreenFrame>
      <Space direction="vertical" style={{ width: '100%' }} size={16}>
        <Card size="small">
          <Space wrap>
            <span>交接人</span>
            <div style={{ width: 320 }} data-testid="handover-user">
              <UserSelect
                value={userId}
                initialLabel={initialName}
                onChange={(v) => {
                  setUserId(v);
                  setGroupTo({});
                  setOverrides({});
                }}
                placeholder="选择离职或需交接的人员"
              />
            </div>
            {data && (
              <Typography.Text data-testid="handover-total">
                {data.user.realName}（{data.user.userCode}）{data.user.enabled ? '' : '（已停用）'}共持有 {data.total} 项
              </Typography.Text>
            )}
          </Space>
        </Card>
        {holdings.isFetching && !data && <Spin />}
        {data && data.groups.length === 0 && <Empty description="该人员名下没有待交接的事项" />}
        {data?.groups.map((g) => (
          <GroupCard
            key={g.key}
            group={g}
            to={groupTo[g.key] ?? null}
            onTo={(v) => setGroupTo((s) => ({ ...s, [g.key]: v }))}
            overrides={overrides[g.key] ?? {}}
            onOverride={(ids, to) =>
              setOverrides((s) => {
                const next = { ...(s[g.key] ?? {}) };
                for (const id of ids) {
                  if (to) next[id] = to;
                  else delete next[id];
                }
                return { ...s, [g.key]: next };
              })
            }
          />
        ))}
        {data && data.groups.length > 0 && (
          <Popconfirm title={`确认交接？共 ${assignments.length} 组指定，所有事项在一次操作中移交`} onConfirm={confirm} disabled={!assignments.length}>
            <Button type="primary" loading={busy} disabled={!assignments.length} data-testid="handover-confirm">
              确认交接
            </Button>
          </Popconfirm>
        )}
      </Space>
    </ScreenFrame>
  );
}

function GroupCard(props: {
  group: HoldingGroup;
  to: number | null;
  onTo(v: number | null): void;
  overrides: Record<string, number>;
  onOverride(ids: string[], to: number | null): void;
}) {
  const { group: g } = props;
  const [selected, setSelected] = useState<string[]>([]);
  const [itemTo, setItemTo] = useState<number | null>(null);
  return (
    <Card
      size="small"
      data-testid={`handover-group-${g.key}`}
      title={
        <Space>
          {g.title}
          <Tag color="blue">{g.count} 项</Tag>
        </Space>
      }
      extra={
        <Space>
          <span>整组交给</span>
          <div style={{ width: 260 }} data-testid={`handover-to-${g.key}`}>
            <UserSelect value={props.to} onChange={props.onTo} placeholder="选择接收人" />
          </div>
        </Space>
      }
    >
      <Space style={{ marginBottom: 8 }} wrap>
        <span>选中的 {selected.length} 项单独交给</span>
        <div style={{ width: 240 }}>
          <UserSelect value={itemTo} onChange={setItemTo} placeholder="选择接收人" />
        </div>
        <Button
          size="small"
          disabled={!selected.length || !itemTo}
          onClick={() => {
            props.onOverride(selected, itemTo);
            setSelected([]);
          }}
        >
          指定
        </Button>
        <Button size="small" disabled={!selected.length} onClick={() => props.onOverride(selected, null)}>
          取消单独指定
        </Button>
      </Space>
      <Table
        size="small"
        rowKey="id"
        dataSource={g.items}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        columns={[
          { title: '事项', dataIndex: 'title' },
          { title: '说明', dataIndex: 'detail' },
          { title: '时间', dataIndex: 'at', width: 180, render: (v: string | null) => (v ? new Date(v).toLocaleString('zh-CN') : '') },
          {
            title: '接收人',
            key: 'to',
            width: 120,
            render: (_: unknown, r: { id: string }) => (props.overrides[r.id] ? <Tag color="orange">单独指定</Tag> : null),
          },
        ]}
      />
      {g.count > g.items.length && (
        <Typography.Text type="secondary">
          仅列出最近 {g.items.length} 项；整组交接包含全部 {g.count} 项。
        </Typography.Text>
      )}
    </Card>
  );
}
