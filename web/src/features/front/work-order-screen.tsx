import { WO_PERM, WO_STATUS, type WorkOrderRecord, workOrderCalls, workOrderMeta } from '@erp/contract/modules/work-order';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Input, Modal, Rate, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { DictTag, FileGroupField, ResourceTable, UserSelect } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';

type View = 'reported' | 'handling' | 'all';

/** 工单列表: report IT and administration problems; dispatchers assign; handlers work and resolve; reporters rate. */
export default function WorkOrderScreen() {
  const qc = useQueryClient();
  const may = useHasAuth();
  const { message } = App.useApp();
  const [reporting, setReporting] = useState(false);
  const [shown, setShown] = useState<WorkOrderRecord | null>(null);
  const [handler, setHandler] = useState<number | null>(null);
  const [resolution, setResolution] = useState('');
  const [rating, setRating] = useState(5);
  const [form] = Form.useForm<{
    orderType: '001' | '002';
    priority: '001' | '002' | '003';
    title: string;
    description: string;
    place?: string;
    fileGroupId?: string | null;
  }>();
  const refresh = () => qc.invalidateQueries({ queryKey: ['front', 'workOrder'] });
  const report = async () => {
    const v = await form.validateFields();
    const r = await api(workOrderCalls.workOrderAdd, v);
    message.success(`已提交工单 ${r.orderNo}`);
    setReporting(false);
    form.resetFields();
    await refresh();
  };
  const act = async (text: string, run: () => Promise<WorkOrderRecord>) => {
    setShown(await run());
    message.success(text);
    setResolution('');
    await refresh();
  };
  const table = (view: View) => (
    <ResourceTable<WorkOrderRecord>
      meta={workOrderMeta}
      pageCall={workOrderCalls.workOrderPage}
      fixedFilters={{ view }}
      queryKey={['front', 'workOrder', view]}
      toolbar={
        view === 'reported' ? (
          <Button type="primary" onClick={() => setReporting(true)}>
            我要报修
          </Button>
        ) : undefined
      }
      rowActions={(r) => (
        <Button type="link" size="small" onClick={() => setShown(r)}>
          {view === 'reported' && r.status === WO_STATUS.resolved ? '评价' : view !== 'reported' && r.status !== WO_STATUS.closed ? '处理' : '查看'}
        </Button>
      )}
      actionsWidth={80}
    />
  );
  const items = [
    { key: 'reported', label: '我的报修', children: table('reported') },
    { key: 'handling', label: '我处理的', children: table('handling') },
    ...(may(WO_PERM.dispatch) ? [{ key: 'all', label: '全部工单', children: table('all') }] : []),
  ];
  const s = shown;
  const mineToHandle = s && s.handlerUserId !== null && (s.status === WO_STATUS.assigned || s.status === WO_STATUS.inProgress);
  return (
    <ScreenFrame>
      <Tabs items={items} />
      <Modal open={reporting} title="我要报修" onCancel={() => setReporting(false)} onOk={report} okText="提交" destroyOnHidden>
        <Form form={form} name="work-order-form" layout="vertical" initialValues={{ orderType: '001', priority: '002' }}>
          <Space wrap>
            <Form.Item name="orderType" label="类型" rules={[{ required: true, message: '请选择工单类型' }]}>
              <Select
                style={{ width: 140 }}
                options={[
                  { value: '001', label: 'IT' },
                  { value: '002', label: '行政' },
                ]}
              />
            </Form.Item>
            <Form.Item name="priority" label="优先级">
              <Select
                style={{ width: 140 }}
                options={[
                  { value: '001', label: '低' },
                  { value: '002', label: '中' },
                  { value: '003', label: '紧急' },
                ]}
              />
            </Form.Item>
          </Space>
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label="问题描述" rules={[{ required: true, whitespace: true, message: '请输入问题描述' }]}>
            <Input.TextArea maxLength={2000} showCount rows={4} />
          </Form.Item>
          <Form.Item name="place" label="地点">
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="fileGroupId" label="截图或照片">
            <FileGroupField moduleName="workOrder" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!s} title={s ? `${s.orderNo} ${s.title}` : ''} onCancel={() => setShown(null)} footer={null} width={640} destroyOnHidden>
        {s && (
          <>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="状态">
                <DictTag codeType="WOSTATUS" value={s.status} />
              </Descriptions.Item>
              <Descriptions.Item label="报修人">{`${s.reporterName}（${s.orgName}）`}</Descriptions.Item>
              <Descriptions.Item label="问题描述">{s.description}</Descriptions.Item>
              <Descriptions.Item label="地点">{s.place || '-'}</Descriptions.Item>
              <Descriptions.Item label="处理人">{s.handlerName || '-'}</Descriptions.Item>
              {s.resolution && <Descriptions.Item label="处理结果">{s.resolution}</Descriptions.Item>}
              {s.rating !== null && <Descriptions.Item label="评分">{`${s.rating} 分 ${s.ratingComment}`}</Descriptions.Item>}
              {s.rating === null && s.ratingComment && <Descriptions.Item label="评价">{s.ratingComment}</Descriptions.Item>}
              {s.fileGroupId && (
                <Descriptions.Item label="附件">
                  <FileGroupField value={s.fileGroupId} moduleName="workOrder" readOnly />
                </Descriptions.Item>
              )}
            </Descriptions>
            {may(WO_PERM.dispatch) && s.status !== WO_STATUS.resolved && s.status !== WO_STATUS.closed && (
              <Space style={{ marginTop: 12 }}>
                <UserSelect aria-label="处理人" value={handler} onChange={setHandler} style={{ width: 220 }} placeholder="选择处理人" />
                <Button
                  type="primary"
                  disabled={!handler}
                  onClick={() => act('已分派', () => api(workOrderCalls.workOrderAssign, { id: s.id, handlerUserId: handler as number }))}
                >
                  {s.handlerUserId ? '改派' : '分派'}
                </Button>
              </Space>
            )}
            {mineToHandle && (
              <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }}>
                {s.status === WO_STATUS.assigned && (
                  <Button onClick={() => act('已开始处理', () => api(workOrderCalls.workOrderStart, { id: s.id }))}>开始处理</Button>
                )}
                <Input.TextArea
                  aria-label="处理结果"
                  value={resolution}
                  onChange={(e) => setResolution(e.target.value)}
                  maxLength={1000}
                  rows={3}
                  placeholder="处理结果"
                />
                <Button
                  type="primary"
                  disabled={!resolution.trim()}
                  onClick={() => act('已解决', () => api(workOrderCalls.workOrderResolve, { id: s.id, resolution }))}
                >
                  标记已解决
                </Button>
              </Space>
            )}
            {s.status === WO_STATUS.resolved && (
              <Space style={{ marginTop: 12 }}>
                <Rate value={rating} onChange={setRating} />
                <Button type="primary" onClick={() => act('已关闭', () => api(workOrderCalls.workOrderClose, { id: s.id, rating }))}>
                  评价并关闭
                </Button>
              </Space>
            )}
          </>
        )}
      </Modal>
    </ScreenFrame>
  );
}
