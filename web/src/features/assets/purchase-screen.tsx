import { ASSET_PERM, assetCalls, type PurchaseRecord, purchaseMeta } from '@erp/contract/modules/assets';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Segmented, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { FileGroupField, ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { toFen, toYuan } from '../finance/money';
import { moneyColumn, useDictSelect } from './shared';

interface Values {
  category: string;
  itemName: string;
  spec?: string;
  quantity: number;
  unitPrice: number;
  reason: string;
  expectedDate: Dayjs;
  fileGroupId?: string | null;
}

/** 采购需求: my purchase demands (draft, submit, correct a returned one, withdraw); all of them for the asset staff and finance. */
export default function PurchaseScreen() {
  const qc = useQueryClient();
  const may = useHasAuth();
  const { message } = App.useApp();
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const [editing, setEditing] = useState<PurchaseRecord | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const categories = useDictSelect('ASSETCATEGORY');
  const quantity = Form.useWatch('quantity', form) ?? 0;
  const unitPrice = Form.useWatch('unitPrice', form) ?? 0;
  const refresh = () => qc.invalidateQueries({ queryKey: ['assets', 'purchase'] });
  const open = (r: PurchaseRecord | 'new') => {
    setEditing(r);
    form.setFieldsValue(
      r === 'new'
        ? { quantity: 1, expectedDate: dayjs().add(14, 'day') }
        : { ...r, spec: r.spec || undefined, unitPrice: toYuan(r.unitPrice), expectedDate: dayjs(r.expectedDate) },
    );
  };
  const save = async (submit: boolean) => {
    const v = await form.validateFields();
    const body = { ...v, unitPrice: toFen(v.unitPrice), expectedDate: v.expectedDate.format('YYYY-MM-DD'), submit };
    const saved = editing && editing !== 'new' ? await api(assetCalls.purchaseUpdate, { ...body, id: editing.id }) : await api(assetCalls.purchaseAdd, body);
    message.success(submit ? `已提交审批 ${saved.documentNo}` : '草稿已保存');
    setEditing(null);
    await refresh();
  };
  return (
    <ScreenFrame>
      <ResourceTable<PurchaseRecord>
        meta={purchaseMeta}
        pageCall={assetCalls.purchasePage}
        fixedFilters={{ mine: scope === 'mine' }}
        queryKey={['assets', 'purchase', scope]}
        columns={{ unitPrice: moneyColumn, amount: moneyColumn }}
        toolbar={
          <Space>
            {may(ASSET_PERM.applyList) && (
              <Segmented
                value={scope}
                onChange={(v) => setScope(v as 'mine' | 'all')}
                options={[
                  { value: 'mine', label: '我的' },
                  { value: 'all', label: '全部' },
                ]}
              />
            )}
            <Button type="primary" onClick={() => open('new')}>
              新增采购需求
            </Button>
          </Space>
        }
        rowActions={(r) => (
          <Space size={0}>
            {(r.state === 'draft' || r.state === 'returned') && scope === 'mine' && (
              <Button type="link" size="small" onClick={() => open(r)}>
                {r.state === 'returned' ? '修改并重新提交' : '编辑'}
              </Button>
            )}
            {r.state === 'approving' && scope === 'mine' && (
              <Button
                type="link"
                size="small"
                onClick={async () => {
                  await api(assetCalls.purchaseRevoke, { id: r.id });
                  message.success('已撤回');
                  await refresh();
                }}
              >
                撤回
              </Button>
            )}
          </Space>
        )}
        actionsWidth={130}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? '新增采购需求' : '编辑采购需求'}
        onCancel={() => setEditing(null)}
        footer={null}
        width={640}
        destroyOnHidden
      >
        <Form form={form} name="purchase-form" layout="vertical">
          <Space wrap>
            <Form.Item name="category" label="资产类别" rules={[{ required: true, message: '请选择资产类别' }]}>
              <Select options={categories} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="itemName" label="物品名称" rules={[{ required: true, whitespace: true, message: '请输入物品名称' }]}>
              <Input maxLength={100} style={{ width: 260 }} />
            </Form.Item>
          </Space>
          <Form.Item name="spec" label="规格要求">
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="quantity" label="数量" rules={[{ required: true, message: '请输入数量' }]}>
              <InputNumber min={1} max={1000} precision={0} />
            </Form.Item>
            <Form.Item name="unitPrice" label="预估单价（元）" rules={[{ required: true, message: '请输入预估单价' }]}>
              <InputNumber min={0} max={10_000_000} precision={2} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item label="预估金额（元）">
              <span>{(quantity * (unitPrice || 0)).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</span>
            </Form.Item>
            <Form.Item name="expectedDate" label="期望到货日期" rules={[{ required: true, message: '请选择期望到货日期' }]}>
              <DatePicker />
            </Form.Item>
          </Space>
          <Form.Item name="reason" label="采购理由" rules={[{ required: true, whitespace: true, message: '请输入采购理由' }]}>
            <Input.TextArea maxLength={500} showCount rows={3} />
          </Form.Item>
          <Form.Item name="fileGroupId" label="报价单等附件">
            <FileGroupField moduleName="assets" />
          </Form.Item>
          <Space>
            <Button type="primary" onClick={() => save(true)}>
              提交审批
            </Button>
            {(editing === 'new' || (editing && editing.state === 'draft')) && <Button onClick={() => save(false)}>保存草稿</Button>}
            <Button onClick={() => setEditing(null)}>取消</Button>
          </Space>
        </Form>
      </Modal>
    </ScreenFrame>
  );
}
