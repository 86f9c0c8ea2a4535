import { APPLY_TYPE, type ApplyRecord, ASSET_PERM, applyMeta, assetCalls, ISSUE_STATE } from '@erp/contract/modules/assets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ResourceTable } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { ReturnDialog, type ReturnTarget } from './return-dialog';
import { AvailableAssetSelect, useDictSelect } from './shared';

interface Values {
  applyType: '001' | '002' | '003';
  category: string;
  assetId?: number | null;
  projectId?: number | null;
  reason: string;
  expectedReturnDate?: Dayjs | null;
}

/**
 * A new application, or my draft or sent-back one changed (`useApply/update`): a returned one is
 * resubmitted, a draft submitted or kept.
 */
function ApplyDialog({ open, record, onClose, onSaved }: { open: boolean; record: ApplyRecord | null; onClose(): void; onSaved(): void }) {
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
  const initialValues: Partial<Values> = record
    ? {
        applyType: record.applyType as Values['applyType'],
        category: record.category,
        assetId: record.assetId,
        projectId: record.projectId,
        reason: record.reason,
        expectedReturnDate: record.expectedReturnDate ? dayjs(record.expectedReturnDate) : null,
      }
    : { applyType: APPLY_TYPE.claim };
  const save = async (submit: boolean) => {
    const v = await form.validateFields();
    const body = { ...v, expectedReturnDate: v.expectedReturnDate ? v.expectedReturnDate.format('YYYY-MM-DD') : null, submit };
    const saved = record ? await api(assetCalls.applyUpdate, { ...body, id: record.id }) : await api(assetCalls.applyAdd, body);
    message.success(submit || record?.state === 'returned' ? `已提交审批 ${saved.documentNo}` : '草稿已保存');
    form.resetFields();
    onSaved();
  };
  return (
    <Modal open={open} title={record ? `修改领用申请 · ${record.documentNo}` : '资产领用申请'} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Form form={form} name="asset-apply" layout="vertical" initialValues={initialValues}>
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
            {record?.state === 'returned' ? '重新提交' : '提交审批'}
          </Button>
          {record?.state !== 'returned' && <Button onClick={() => save(false)}>保存草稿</Button>}
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

/** 领用申请: my applications (change a draft or a sent-back one, withdraw), and for the asset staff the issue queue and the issued ones to take back. */
export default function UseApplyScreen() {
  const qc = useQueryClient();
  const may = useHasAuth();
  const { message } = App.useApp();
  const [applying, setApplying] = useState<ApplyRecord | 'new' | null>(null);
  const [issuing, setIssuing] = useState<ApplyRecord | null>(null);
  const [returning, setReturning] = useState<ReturnTarget | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['assets'] });
  const staff = may(ASSET_PERM.assetIssue);
  // An issued application's asset is taken back by the asset staff (claim/return closes the application).
  const returnButton = (r: ApplyRecord) =>
    staff && r.issueState === ISSUE_STATE.issued && r.issuedAssetId ? (
      <Button
        type="link"
        size="small"
        onClick={() =>
          setReturning({
            assetId: r.issuedAssetId as number,
            assetCode: r.issuedAssetCode,
            name: r.issuedAssetName,
            holder: r.projectName || r.userName,
          })
        }
      >
        归还
      </Button>
    ) : null;
  const mine = (
    <ResourceTable<ApplyRecord>
      meta={applyMeta}
      pageCall={assetCalls.applyPage}
      fixedFilters={{ mine: true }}
      queryKey={['assets', 'apply', 'mine']}
      toolbar={
        <Button type="primary" onClick={() => setApplying('new')}>
          申请领用
        </Button>
      }
      rowActions={(r) => (
        <Space size={0}>
          {(r.state === 'draft' || r.state === 'returned') && (
            <Button type="link" size="small" onClick={() => setApplying(r)}>
              {r.state === 'returned' ? '修改并重新提交' : '编辑'}
            </Button>
          )}
          {r.state === 'approving' && (
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
          )}
          {returnButton(r)}
        </Space>
      )}
      actionsWidth={130}
    />
  );
  const queue = (
    <ResourceTable<ApplyRecord>
      meta={applyMeta}
      pageCall={assetCalls.applyPage}
      fixedFilters={{ issueState: ISSUE_STATE.waiting }}
      queryKey={['assets', 'apply', 'queue']}
      rowActions={(r) => (
        <Button type="link" size="small" onClick={() => setIssuing(r)}>
          发放
        </Button>
      )}
      actionsWidth={90}
    />
  );
  const issued = (
    <ResourceTable<ApplyRecord>
      meta={applyMeta}
      pageCall={assetCalls.applyPage}
      fixedFilters={{ issueState: ISSUE_STATE.issued }}
      queryKey={['assets', 'apply', 'issued']}
      rowActions={returnButton}
      actionsWidth={90}
    />
  );
  return (
    <ScreenFrame>
      {staff ? (
        <Tabs
          items={[
            { key: 'mine', label: '我的申请', children: mine },
            { key: 'queue', label: '待发放', children: queue },
            { key: 'issued', label: '已发放', children: issued },
          ]}
        />
      ) : (
        mine
      )}
      <ApplyDialog
        open={applying !== null}
        record={applying === 'new' ? null : applying}
        onClose={() => setApplying(null)}
        onSaved={() => {
          setApplying(null);
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
      <ReturnDialog
        target={returning}
        onClose={() => setReturning(null)}
        onDone={() => {
          setReturning(null);
          void refresh();
        }}
      />
    </ScreenFrame>
  );
}
