import { assetCalls } from '@erp/contract/modules/assets';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { api } from '../../app/api/client';
import { UserSelect } from '../../components/resource';
import { toFen } from '../finance/money';
import { useDictSelect } from './shared';

interface Values {
  name: string;
  category: string;
  kind: '001' | '002';
  brandModel?: string;
  serialNo?: string;
  location: string;
  keeperUserId: number;
  purchaseDate: Dayjs;
  purchaseValue: number;
  usefulLifeMonths: number;
  residualRatePercent: number;
  quantity: number;
  demandId?: number;
  remark?: string;
}

/** Registers one or more identical assets in stock (optionally received on a purchase demand). */
export function RegisterDialog({ open, onClose, onSaved }: { open: boolean; onClose(): void; onSaved(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const categories = useDictSelect('ASSETCATEGORY');
  const locations = useDictSelect('ASSETLOCATION');
  const save = async () => {
    const v = await form.validateFields();
    const { residualRatePercent, ...rest } = v;
    const r = await api(assetCalls.assetAdd, {
      ...rest,
      purchaseDate: v.purchaseDate.format('YYYY-MM-DD'),
      purchaseValue: toFen(v.purchaseValue),
      residualRateBp: Math.round(residualRatePercent * 100),
    });
    message.success(`已登记 ${r.assetCodes.length} 件：${r.assetCodes[0]}${r.assetCodes.length > 1 ? ' …' : ''}`);
    form.resetFields();
    onSaved();
  };
  return (
    <Modal open={open} title="登记资产" onCancel={onClose} onOk={save} okText="登记入库" width={720} destroyOnHidden>
      <Form
        form={form}
        name="asset-register"
        layout="vertical"
        initialValues={{ kind: '001', quantity: 1, usefulLifeMonths: 36, residualRatePercent: 5, purchaseDate: dayjs(), location: '006' }}
      >
        <Space wrap>
          <Form.Item name="name" label="资产名称" rules={[{ required: true, whitespace: true, message: '请输入资产名称' }]}>
            <Input maxLength={100} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="category" label="资产类别" rules={[{ required: true, message: '请选择资产类别' }]}>
            <Select options={categories} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="kind" label="资产性质" rules={[{ required: true, message: '请选择资产性质' }]}>
            <Select
              style={{ width: 140 }}
              options={[
                { value: '001', label: '固定资产' },
                { value: '002', label: '低值易耗品' },
              ]}
            />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="brandModel" label="品牌型号">
            <Input maxLength={100} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="serialNo" label="序列号（单件登记时）">
            <Input maxLength={64} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="quantity" label="数量" rules={[{ required: true, message: '请输入数量' }]}>
            <InputNumber min={1} max={200} precision={0} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="location" label="存放地点" rules={[{ required: true, message: '请选择存放地点' }]}>
            <Select options={locations} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="keeperUserId" label="保管人" rules={[{ required: true, message: '请选择保管人' }]}>
            <UserSelect style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="purchaseDate" label="购置日期" rules={[{ required: true, message: '请选择购置日期' }]}>
            <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="purchaseValue" label="单件原值（元）" rules={[{ required: true, message: '请输入原值' }]}>
            <InputNumber min={0} max={10_000_000} precision={2} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="usefulLifeMonths" label="使用年限（月）" rules={[{ required: true, message: '请输入使用年限' }]}>
            <InputNumber min={1} max={600} precision={0} />
          </Form.Item>
          <Form.Item name="residualRatePercent" label="残值率（%）">
            <InputNumber min={0} max={100} precision={2} />
          </Form.Item>
          <Form.Item name="demandId" label="采购需求 ID（可选）">
            <InputNumber min={1} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
