import { CERT_PERM, certificateCalls, type ProveDetail, type ProveRecord, proveMeta } from '@erp/contract/modules/certificate';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Radio, Segmented, Space } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { CertificateView } from './certificate-view';

/** 开具证明: ask for an employment or income certificate, follow its approval, print the issued one. */
export default function CertificateScreen() {
  const qc = useQueryClient();
  const may = useHasAuth();
  const { message } = App.useApp();
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const [asking, setAsking] = useState(false);
  const [shown, setShown] = useState<ProveDetail | null>(null);
  const [form] = Form.useForm<{ certType: '001' | '002'; purpose: string }>();
  const ask = async () => {
    const v = await form.validateFields();
    const saved = await api(certificateCalls.proveAdd, v);
    message.success(`已提交审批 ${saved.documentNo}`);
    setAsking(false);
    form.resetFields();
    await qc.invalidateQueries({ queryKey: ['front', 'prove'] });
  };
  return (
    <ScreenFrame>
      <ResourceTable<ProveRecord>
        meta={proveMeta}
        pageCall={certificateCalls.provePage}
        fixedFilters={{ mine: scope === 'mine' }}
        queryKey={['front', 'prove', scope]}
        toolbar={
          <Space>
            {may(CERT_PERM.list) && (
              <Segmented
                value={scope}
                onChange={(v) => setScope(v as 'mine' | 'all')}
                options={[
                  { value: 'mine', label: '我的' },
                  { value: 'all', label: '全部' },
                ]}
              />
            )}
            <Button type="primary" onClick={() => setAsking(true)}>
              申请开具证明
            </Button>
          </Space>
        }
        rowActions={(r) =>
          r.state === 'passed' ? (
            <Button type="link" size="small" onClick={async () => setShown(await api(certificateCalls.proveInfo, { id: r.id }))}>
              查看证明
            </Button>
          ) : null
        }
        actionsWidth={100}
      />
      <Modal open={asking} title="申请开具证明" onCancel={() => setAsking(false)} onOk={ask} okText="提交审批" destroyOnHidden>
        <Form form={form} name="prove-form" layout="vertical" initialValues={{ certType: '001' }}>
          <Form.Item name="certType" label="证明类型" rules={[{ required: true, message: '请选择证明类型' }]}>
            <Radio.Group
              options={[
                { value: '001', label: '在职证明' },
                { value: '002', label: '收入证明' },
              ]}
            />
          </Form.Item>
          <Form.Item name="purpose" label="用途" rules={[{ required: true, whitespace: true, message: '请输入用途' }]}>
            <Input.TextArea maxLength={200} showCount rows={2} placeholder="如：办理房屋贷款" />
          </Form.Item>
        </Form>
      </Modal>
      <CertificateView detail={shown} onClose={() => setShown(null)} />
    </ScreenFrame>
  );
}
