import { assetCalls, type InventoryItem, type InventoryRecord, inventoryMeta } from '@erp/contract/modules/assets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { DictTag, ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { useDictSelect } from './shared';

const RESULT: Record<InventoryItem['result'], [string, string]> = {
  ok: ['相符', 'success'],
  loss: ['盘亏', 'error'],
  surplus: ['盘盈', 'warning'],
  unchecked: ['未盘', 'default'],
};

function SheetDrawer({ id, onClose }: { id: number | null; onClose(): void }) {
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  const [code, setCode] = useState('');
  const key = ['assets', 'inventory', 'info', id];
  const { data } = useQuery({ queryKey: key, queryFn: () => api(assetCalls.inventoryInfo, { id: id as number }), enabled: id !== null });
  const open = data?.state === 'draft' || data?.state === 'returned';
  const refresh = () => qc.invalidateQueries({ queryKey: ['assets', 'inventory'] });
  const scan = async () => {
    if (!code.trim() || !id) return;
    const item = await api(assetCalls.inventoryScan, { id, assetCode: code.trim() });
    message.success(`${item.assetCode} ${item.name}：${RESULT[item.result][0]}`);
    setCode('');
    await refresh();
  };
  const tick = async (assetId: number, found: boolean) => {
    await api(assetCalls.inventoryTick, { id: id as number, items: [{ assetId, found }] });
    await refresh();
  };
  const submit = async () => {
    const saved = await api(assetCalls.inventorySubmit, { id: id as number });
    message.success(`已提交差异审批 ${saved.documentNo}`);
    await refresh();
  };
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={data ? `盘点单 ${data.documentNo || '（盘点中）'}` : '盘点单'} destroyOnHidden>
      {data && (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <DictTag codeType="ASSETLOCATION" value={data.location} />
            <span>账面 {data.expectedCount}</span>
            <span>实盘 {data.foundCount}</span>
            <Tag color="error">盘亏 {data.lossCount}</Tag>
            <Tag color="warning">盘盈 {data.surplusCount}</Tag>
            <span>未盘 {data.uncheckedCount}</span>
          </Space>
          {open && (
            <Space wrap style={{ marginBottom: 12 }}>
              <Input.Search
                aria-label="扫码或输入资产编码"
                placeholder="扫码或输入资产编码"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                onSearch={scan}
                enterButton="盘点"
                style={{ width: 320 }}
              />
              <Button
                type="primary"
                onClick={() => modal.confirm({ title: '提交盘点结果？', content: '未盘的资产将按盘亏处理，差异提交财务审批。', onOk: submit })}
              >
                提交差异审批
              </Button>
            </Space>
          )}
          <Table<InventoryItem>
            size="small"
            rowKey="assetId"
            dataSource={data.items}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: '资产编码', dataIndex: 'assetCode' },
              { title: '名称', dataIndex: 'name' },
              { title: '使用人', dataIndex: 'holderName' },
              { title: '结果', dataIndex: 'result', render: (r: InventoryItem['result']) => <Tag color={RESULT[r][1]}>{RESULT[r][0]}</Tag> },
              {
                title: '操作',
                render: (_, r) =>
                  open ? (
                    <Space size={0}>
                      <Button type="link" size="small" onClick={() => tick(r.assetId, true)}>
                        在
                      </Button>
                      <Button type="link" size="small" danger onClick={() => tick(r.assetId, false)}>
                        不在
                      </Button>
                    </Space>
                  ) : null,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/** 资产盘点: count sheets per location; scanning or ticking, the differences and their approval. */
export default function InventoryScreen() {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [shown, setShown] = useState<number | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const locations = useDictSelect('ASSETLOCATION');
  const create = async () => {
    if (!location) return;
    const sheet = await api(assetCalls.inventoryAdd, { location });
    message.success(`已生成盘点单，账面 ${sheet.expectedCount} 件`);
    setCreating(false);
    await qc.invalidateQueries({ queryKey: ['assets', 'inventory'] });
    setShown(sheet.id);
  };
  return (
    <ScreenFrame>
      <ResourceTable<InventoryRecord>
        meta={inventoryMeta}
        pageCall={assetCalls.inventoryPage}
        queryKey={['assets', 'inventory', 'list']}
        toolbar={
          <Button type="primary" onClick={() => setCreating(true)}>
            新建盘点单
          </Button>
        }
        rowActions={(r) => (
          <Button type="link" size="small" onClick={() => setShown(r.id)}>
            {r.state === 'draft' ? '盘点' : '查看'}
          </Button>
        )}
        actionsWidth={80}
      />
      <Modal open={creating} title="新建盘点单" onCancel={() => setCreating(false)} onOk={create} okButtonProps={{ disabled: !location }}>
        <Select aria-label="盘点地点" placeholder="请选择盘点地点" options={locations} value={location} onChange={setLocation} style={{ width: '100%' }} />
      </Modal>
      <SheetDrawer id={shown} onClose={() => setShown(null)} />
    </ScreenFrame>
  );
}
