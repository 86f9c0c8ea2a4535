import { APPLY_TYPE, type ApplyRecord, ASSET_PERM, applyMeta, assetCalls } from '@erp/contract/modules/assets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { AvailableAssetSelect, useDictSelect } from './shared';

interface Values {
  applyType: '001' | '002' | '003';
  category: string;
  assetId?: number | null;
  projectId?: number | null;
  reason: string;
  expectedReturnDate?: Dayjs | null;
}

function ApplyDialog({ open, onClose, onSaved }: { open: boolean; onClose(): void; onSaved(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const categories = useDictSelect('ASSETCATEGORY');
  const applyType = Form.useWatch('applyType', form);
  const category = Form.useWatch('category', form);
  const projects = useQuery({
    queryKey: ['assets', 'projects'],
    queryFn: () => api(assetCalls.outApplyProjectList, {}),
    enabled: open && applyType === APPLY_TYPE.project,
  });
  const save = async (submit: boolean) => {
    const v = await form.validateFields();
    const saved = await api(assetCalls.applyAdd, { ...v, expectedReturnDate: v.expectedReturnDate ? v.expectedReturnDate.format('YYYY-MM-DD') : null, submit });
    message.success(submit ? `已提交审批 ${saved.documentNo}` : '草稿已保存');
    form.resetFields();
    onSaved();
  };
  return (
    <Modal open={open} title="资产领用申请" onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Form form={form} name="asset-apply" layout="vertical" initialValues={{ applyType: APPLY_TYPE.claim }}>
        <Form.Item name="applyType" label="申请类型" rules={[{ required: true, message: '请选择申请类型' }]}>
          <Radio.Group
            options={[
              { value: '001', label: '领用' },
              { value: '002', label: '借用' },
              { value: '003', label: '项目借出' },
            ]}
          />
        </Form.Item>
        <Form.Item name="category" label="资产类别" rules={[{ required: true, message: '请选择资产类别' }]}>
          <Select options={categories} onChange={() => form.setFieldValue('assetId', null)} />
        </Form.Item>
        <Form.Item name="assetId" label="指定资产（可选）">
          <AvailableAssetSelect category={category} />
        </Form.Item>
        {applyType === APPLY_TYPE.project && (
          <Form.Item name="projectId" label="项目" rules={[{ required: true, message: '项目借出请选择项目' }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={projects.isLoading}
              options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.projectNo} ${p.name}（已借出${p.lentCount}件）` }))}
            />
          </Form.Item>
        )}
        {applyType !== APPLY_TYPE.claim && (
          <Form.Item name="expectedReturnDate" label="预计归还日期" rules={[{ required: true, message: '借用和项目借出必须填写预计归还日期' }]}>
            <DatePicker />
          </Form.Item>
        )}
        <Form.Item name="reason" label="申请理由" rules={[{ required: true, whitespace: true, message: '请输入申请理由' }]}>
          <Input.TextArea maxLength={500} showCount rows={3} />
        </Form.Item>
        <Space>
          <Button type="primary" onClick={() => save(true)}>
            提交审批
          </Button>
          <Button onClick={() => save(false)}>保存草稿</Button>
          <Button onClick={onClose}>取消</Button>
        </Space>
      </Form>
    </Modal>
  );
}

function IssueDialog({ record, onClose, onDone }: { record: ApplyRecord | null; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [assetId, setAssetId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // The asset asked for is proposed; the staff may issue another of the category.
  const chosen = assetId ?? record?.assetId ?? null;
  const issue = async () => {
    if (!record || !chosen) return;
    setBusy(true);
    try {
      const r = await api(assetCalls.claimIssue, { applyId: record.id, assetId: chosen });
      message.success(`已发放 ${r.issuedAssetCode}`);
      setAssetId(null);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!record}
      title={`发放资产 · ${record?.documentNo ?? ''}`}
      onCancel={() => {
        setAssetId(null);
        onClose();
      }}
      onOk={issue}
      okText="确认发放"
      okButtonProps={{ disabled: !chosen, loading: busy }}
      destroyOnHidden
    >
      <p>
        申请人：{record?.userName}（{record?.orgName}）
      </p>
      <AvailableAssetSelect id="issue-asset" category={record?.category} value={chosen} onChange={setAssetId} />
    </Modal>
  );
}

/** 领用申请: my applications (claim, borrow, project lend) and, for the asset staff, the issue queue. */
export default function UseApplyScreen() {
  const qc = useQueryClient();
  const may = useHasAuth();
  const { message } = App.useApp();
  const [applying, setApplying] = useState(false);
  const [issuing, setIssuing] = useState<ApplyRecord | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['assets'] });
  const mine = (
    <ResourceTable<ApplyRecord>
      meta={applyMeta}
      pageCall={assetCalls.applyPage}
      fixedFilters={{ mine: true }}
      queryKey={['assets', 'apply', 'mine']}
      toolbar={
        <Button type="primary" onClick={() => setApplying(true)}>
          申请领用
        </Button>
      }
      rowActions={(r) =>
        r.state === 'approving' ? (
          <Button
            type="link"
            size="small"
            onClick={async () => {
              await api(assetCalls.applyRevoke, { id: r.id });
              message.success('已撤回');
              await refresh();
            }}
          >
            撤回
          </Button>
        ) : null
      }
      actionsWidth={90}
    />
  );
  const queue = (
    <ResourceTable<ApplyRecord>
      meta={applyMeta}
      pageCall={assetCalls.applyPage}
      fixedFilters={{ issueState: '001' }}
      queryKey={['assets', 'apply', 'queue']}
      rowActions={(r) => (
        <Button type="link" size="small" onClick={() => setIssuing(r)}>
          发放
        </Button>
      )}
      actionsWidth={90}
    />
  );
  return (
    <ScreenFrame>
      {may(ASSET_PERM.assetIssue) ? (
        <Tabs
          items={[
            { key: 'mine', label: '我的申请', children: mine },
            { key: 'queue', label: '待发放', children: queue },
          ]}
        />
      ) : (
        mine
      )}
      <ApplyDialog
        open={applying}
        onClose={() => setApplying(false)}
        onSaved={() => {
          setApplying(false);
          void refresh();
        }}
      />
      <IssueDialog
        record={issuing}
        onClose={() => setIssuing(null)}
        onDone={() => {
          setIssuing(null);
          void refresh();
        }}
      />
    </ScreenFrame>
  );
}
