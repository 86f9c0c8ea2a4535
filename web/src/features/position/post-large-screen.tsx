import { POSITION_PERM, type PostLargeRecord, positionCalls, postLargeMeta } from '@erp/contract/modules/position';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, InputNumber, Modal, Switch, Table } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../app/api/client';
import { Auth } from '../../app/auth/auth';
import { LadderScreen } from './ladder-screen';

type Draft = Record<number, { sort: number; enabled: boolean }>;

/** Order and status of every category at once, saved by one batch call (all or none). */
function BatchDialog(props: { open: boolean; onClose(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const all = useQuery({
    queryKey: ['position', 'postLarge', 'all'],
    queryFn: () => api(positionCalls.postLargePage, { pageSize: 500, sortField: 'sort', sortOrder: 'ascend' }),
    enabled: props.open,
  });
  const [draft, setDraft] = useState<Draft>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (props.open && all.data) setDraft(Object.fromEntries(all.data.records.map((r) => [r.id, { sort: r.sort, enabled: r.enabled }])));
  }, [props.open, all.data]);
  const changed = (all.data?.records ?? []).filter((r) => draft[r.id] && (draft[r.id]?.sort !== r.sort || draft[r.id]?.enabled !== r.enabled));
  const save = async () => {
    if (!changed.length) return props.onClose();
    setSaving(true);
    try {
      const answer = await api(positionCalls.postLargeBatchUpdate, { list: changed.map((r) => ({ id: r.id, ...draft[r.id] })) });
      message.success(`已更新 ${answer.updated} 个岗位大类`);
      await client.invalidateQueries({ queryKey: ['position'] });
      props.onClose();
    } finally {
      setSaving(false);
    }
  };
  const set = (id: number, patch: Partial<Draft[number]>) => setDraft((d) => ({ ...d, [id]: { ...(d[id] as Draft[number]), ...patch } }));
  return (
    <Modal
      open={props.open}
      title="批量调整岗位大类"
      onCancel={props.onClose}
      onOk={save}
      okText={`保存（${changed.length}）`}
      confirmLoading={saving}
      width={560}
      destroyOnHidden
    >
      <Table<PostLargeRecord>
        size="small"
        rowKey="id"
        loading={all.isLoading}
        pagination={false}
        dataSource={all.data?.records ?? []}
        columns={[
          { title: '编码', dataIndex: 'code', width: 100 },
          { title: '名称', dataIndex: 'name' },
          {
            title: '排序',
            width: 110,
            render: (_, r) => <InputNumber min={0} max={99999} precision={0} value={draft[r.id]?.sort} onChange={(v) => set(r.id, { sort: v ?? 0 })} />,
          },
          { title: '启用', width: 80, render: (_, r) => <Switch checked={draft[r.id]?.enabled} onChange={(enabled) => set(r.id, { enabled })} /> },
        ]}
      />
    </Modal>
  );
}

/** Post categories (岗位大类): the top of the ladder. */
export default function PostLargeScreen() {
  const [batch, setBatch] = useState(false);
  return (
    <>
      <LadderScreen<PostLargeRecord>
        meta={postLargeMeta}
        noun="岗位大类"
        calls={{ page: positionCalls.postLargePage, add: positionCalls.postLargeAdd, update: positionCalls.postLargeUpdate }}
        perms={{ edit: POSITION_PERM.postLargeEdit }}
        toolbarExtra={
          <Auth code={POSITION_PERM.postLargeEdit}>
            <Button onClick={() => setBatch(true)}>批量排序/启停</Button>
          </Auth>
        }
      />
      <BatchDialog open={batch} onClose={() => setBatch(false)} />
    </>
  );
}
