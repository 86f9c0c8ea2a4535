import { ADVICE_PERM, ADVICE_STATE, type AdviceRecord, adviceCalls, adviceMeta } from '@erp/contract/modules/advice';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Descriptions, Form, Input, Modal, Select, Space, Tabs } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { DictTag, ResourceTable } from '../../components/resource';
import { useDictSelect } from '../assets/shared';
import { ScreenFrame } from '../base/screen-frame';

interface Values {
  category: '001' | '002' | '003' | '004' | '005';
  title: string;
  content: string;
  anonymous: boolean;
}

/** 意见反馈: write a suggestion (optionally anonymous) and read the replies; the handlers reply and close. */
export default function AdviceScreen() {
  const qc = useQueryClient();
  const may = useHasAuth();
  const { message } = App.useApp();
  const [writing, setWriting] = useState(false);
  const [shown, setShown] = useState<AdviceRecord | null>(null);
  const [reply, setReply] = useState('');
  const [form] = Form.useForm<Values>();
  const categories = useDictSelect('ADVICECATEGORY');
  const refresh = () => qc.invalidateQueries({ queryKey: ['front', 'advice'] });
  const submit = async () => {
    const v = await form.validateFields();
    await api(adviceCalls.adviceAdd, v);
    message.success(v.anonymous ? '已匿名提交，感谢您的建议' : '已提交，感谢您的建议');
    setWriting(false);
    form.resetFields();
    await refresh();
  };
  const handle = async (kind: 'reply' | 'close') => {
    if (!shown) return;
    const row = kind === 'reply' ? await api(adviceCalls.adviceReply, { id: shown.id, reply }) : await api(adviceCalls.adviceClose, { id: shown.id });
    message.success(kind === 'reply' ? '已回复' : '已关闭');
    setShown(row);
    setReply('');
    await refresh();
  };
  const table = (mine: boolean) => (
    <ResourceTable<AdviceRecord>
      meta={adviceMeta}
      pageCall={adviceCalls.advicePage}
      fixedFilters={{ mine }}
      queryKey={['front', 'advice', mine ? 'mine' : 'all']}
      columns={{ authorName: { render: (v: string, r: AdviceRecord) => (r.anonymous ? '匿名' : v) } }}
      toolbar={
        mine ? (
          <Button type="primary" onClick={() => setWriting(true)}>
            我要提建议
          </Button>
        ) : undefined
      }
      rowActions={(r) => (
        <Button type="link" size="small" onClick={() => setShown(r)}>
          {!mine && r.state !== ADVICE_STATE.closed ? '处理' : '查看'}
        </Button>
      )}
      actionsWidth={80}
    />
  );
  const handler = may(ADVICE_PERM.handle);
  return (
    <ScreenFrame>
      {handler ? (
        <Tabs
          items={[
            { key: 'all', label: '全部建议', children: table(false) },
            { key: 'mine', label: '我的建议', children: table(true) },
          ]}
        />
      ) : (
        table(true)
      )}
      <Modal open={writing} title="我要提建议" onCancel={() => setWriting(false)} onOk={submit} okText="提交" destroyOnHidden>
        <Form form={form} name="advice-form" layout="vertical" initialValues={{ anonymous: false }}>
          <Form.Item name="category" label="类别" rules={[{ required: true, message: '请选择类别' }]}>
            <Select options={categories} />
          </Form.Item>
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="content" label="内容" rules={[{ required: true, whitespace: true, message: '请输入内容' }]}>
            <Input.TextArea maxLength={2000} showCount rows={5} />
          </Form.Item>
          <Form.Item name="anonymous" valuePropName="checked">
            <Checkbox>匿名提交（处理人看不到提交人）</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!shown} title={shown?.title} onCancel={() => setShown(null)} footer={null} width={640} destroyOnHidden>
        {shown && (
          <>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label="类别">
                <DictTag codeType="ADVICECATEGORY" value={shown.category} />
              </Descriptions.Item>
              <Descriptions.Item label="提交人">{shown.anonymous ? '匿名' : `${shown.authorName}（${shown.orgName}）`}</Descriptions.Item>
              <Descriptions.Item label="内容">{shown.content}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <DictTag codeType="ADVICESTATE" value={shown.state} />
              </Descriptions.Item>
              {shown.reply && <Descriptions.Item label={`回复（${shown.repliedByName}）`}>{shown.reply}</Descriptions.Item>}
            </Descriptions>
            {handler && shown.state !== ADVICE_STATE.closed && (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Input.TextArea aria-label="回复" value={reply} onChange={(e) => setReply(e.target.value)} maxLength={1000} rows={3} placeholder="回复内容" />
                <Space>
                  <Button type="primary" disabled={!reply.trim()} onClick={() => handle('reply')}>
                    回复
                  </Button>
                  <Button onClick={() => handle('close')}>关闭建议</Button>
                </Space>
              </Space>
            )}
          </>
        )}
      </Modal>
    </ScreenFrame>
  );
}
