import { CARD_PERM, type CardRecord, cardCalls, cardMeta } from '@erp/contract/modules/card';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Modal, Row, Segmented, Space } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { CardProof } from './card-proof';

/** 名片申请: the proof from the employee record, the request, and the requests so far. */
export default function CardScreen() {
  const qc = useQueryClient();
  const may = useHasAuth();
  const { message } = App.useApp();
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const [shown, setShown] = useState<CardRecord | null>(null);
  const [form] = Form.useForm<{ boxes: number; englishName?: string; address?: string }>();
  const englishName = Form.useWatch('englishName', form) ?? '';
  const address = Form.useWatch('address', form) ?? '';
  const defaults = useQuery({ queryKey: ['front', 'card', 'defaults'], queryFn: () => api(cardCalls.cardDefaults, {}, { silent: true }), retry: false });
  const ask = async () => {
    const v = await form.validateFields();
    const saved = await api(cardCalls.cardAdd, v);
    message.success(`已提交审批 ${saved.documentNo}`);
    await qc.invalidateQueries({ queryKey: ['front', 'card'] });
  };
  return (
    <ScreenFrame>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title="名片样稿（信息取自员工档案，如需修改请先更新档案）">
            {defaults.error ? (
              <Alert type="warning" showIcon title={defaults.error instanceof Error ? defaults.error.message : '无法生成样稿'} />
            ) : (
              defaults.data && <CardProof face={{ ...defaults.data, englishName, address }} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="申请印制">
            <Form form={form} name="card-form" layout="vertical" initialValues={{ boxes: 1 }} disabled={!defaults.data}>
              <Form.Item name="englishName" label="英文名（可选）">
                <Input maxLength={40} />
              </Form.Item>
              <Form.Item name="address" label="办公地址（可选）">
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="boxes" label="盒数（每盒100张）" rules={[{ required: true, message: '请输入盒数' }]}>
                <InputNumber min={1} max={5} precision={0} />
              </Form.Item>
              <Button type="primary" onClick={ask}>
                提交申请
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      <ResourceTable<CardRecord>
        meta={cardMeta}
        pageCall={cardCalls.cardPage}
        fixedFilters={{ mine: scope === 'mine' }}
        queryKey={['front', 'card', scope]}
        toolbar={
          may(CARD_PERM.list) ? (
            <Segmented
              value={scope}
              onChange={(v) => setScope(v as 'mine' | 'all')}
              options={[
                { value: 'mine', label: '我的' },
                { value: 'all', label: '全部' },
              ]}
            />
          ) : undefined
        }
        rowActions={(r) => (
          <Button type="link" size="small" onClick={() => setShown(r)}>
            样稿
          </Button>
        )}
        actionsWidth={80}
      />
      <Modal
        open={!!shown}
        title={`名片样稿 ${shown?.documentNo ?? ''}`}
        onCancel={() => setShown(null)}
        footer={
          <Space>
            <Button type="primary" onClick={() => window.print()}>
              打印
            </Button>
            <Button onClick={() => setShown(null)}>关闭</Button>
          </Space>
        }
        destroyOnHidden
      >
        {shown && <CardProof face={shown} />}
      </Modal>
    </ScreenFrame>
  );
}
