import { DownloadOutlined } from '@ant-design/icons';
import type { CallDefinition, RequestOf } from '@erp/contract/define';
import { LIFECYCLE_PERM, lifecycleCalls, type OnboardingRecord, onboardingMeta } from '@erp/contract/modules/lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { api, download } from '../../../app/api/client';
import { Auth, useHasAuth } from '../../../app/auth/auth';
import { DateField, OrgTreeSelect, ResourceTable } from '../../../components/resource';
import { OnDutyConfirmDialog } from './on-duty-confirm-dialog';

const KEY = ['hr', 'lifecycle', 'onboarding'] as const;
const HIRE_KEYWORD = { label: '姓名 / 手机号', labelEn: 'Name / phone' };
type View = 'offer' | 'onDuty' | 'induction';

interface OfferValues {
  name: string;
  phone: string;
  email?: string;
  idNumber?: string;
  orgId: number;
  positionName?: string;
  plannedEntryDate: string;
  probationMonths: number;
  salary?: number;
}

/**
 * Records an accepted offer, or corrects one (`editing`) before it is confirmed: pay is not shown when
 * correcting and is kept as it was (the server keeps what the form leaves out).
 */
function OfferDialog({ open, editing, onClose, onDone }: { open: boolean; editing?: OnboardingRecord | null; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<OfferValues>();
  const add = useMutation({
    mutationFn: (v: OfferValues) => {
      const common = { ...v, email: v.email || null, idNumber: v.idNumber || null };
      return editing
        ? api(lifecycleCalls.updateOnDuty, { ...common, id: editing.id, idType: editing.idType, personCategory: editing.personCategory })
        : api(lifecycleCalls.addOnboarding, common);
    },
    onSuccess: () => {
      message.success(editing ? '已保存' : '已登记');
      form.resetFields();
      onDone();
    },
  });
  const initial: Partial<OfferValues> = editing
    ? {
        name: editing.name,
        phone: editing.phone,
        email: editing.email ?? undefined,
        idNumber: editing.idNumber ?? undefined,
        orgId: editing.orgId,
        positionName: editing.positionName ?? undefined,
        plannedEntryDate: editing.plannedEntryDate,
        probationMonths: editing.probationMonths,
      }
    : { probationMonths: 3 };
  return (
    <Modal
      open={open}
      title={editing ? `修改入职信息：${editing.name}` : '登记待入职人员'}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} onFinish={(v) => add.mutate(v)}>
        <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[{ required: true, pattern: /^1\d{10}$/, message: '手机号格式不正确' }]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
          <Input maxLength={128} />
        </Form.Item>
        <Form.Item name="idNumber" label="身份证号码">
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="orgId" label="入职部门" rules={[{ required: true, message: '请选择入职部门' }]}>
          <OrgTreeSelect id="orgId" />
        </Form.Item>
        <Form.Item name="positionName" label="岗位">
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="plannedEntryDate" label="预计入职日期" rules={[{ required: true, message: '请选择预计入职日期' }]}>
          <DateField id="plannedEntryDate" />
        </Form.Item>
        <Form.Item name="probationMonths" label="试用期（月）">
          <InputNumber min={0} max={6} />
        </Form.Item>
        {!editing && (
          <Form.Item name="salary" label="月薪（元）">
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** Downloads a file; a refusal was already shown by the API client. */
function fetchFile<C extends CallDefinition>(call: C, input: RequestOf<C>, name: string): Promise<void> {
  return download(call, input, name).catch(() => undefined);
}

/** 入职管理: offers waiting, on-duty information to confirm, and finished onboardings. */
export function OnboardingTab() {
  const { message, modal } = App.useApp();
  const can = useHasAuth();
  const client = useQueryClient();
  const [view, setView] = useState<View>('offer');
  // The list's applied filters: 导出签署记录 exports what the table shows.
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<OnboardingRecord | null>(null);
  const [confirming, setConfirming] = useState<OnboardingRecord | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['hr', 'lifecycle'] });
  const link = useMutation({
    mutationFn: (id: number) => api(lifecycleCalls.createOuterChain, { id }),
    onSuccess: (r) => {
      const url = `${window.location.origin}${window.location.pathname}${r.url.replace(/^\//, '')}`;
      modal.info({
        title: '入职信息填写链接',
        width: 560,
        content: (
          <Space direction="vertical">
            <Typography.Paragraph copyable={{ text: url }} style={{ wordBreak: 'break-all' }}>
              {url}
            </Typography.Paragraph>
            <Typography.Text type="secondary">有效期至 {new Date(r.expiresAt).toLocaleString()}，请发送给新员工填写。</Typography.Text>
          </Space>
        ),
      });
      void refresh();
    },
  });
  const giveUp = useMutation({
    mutationFn: (r: OnboardingRecord) =>
      r.stage === 'filled'
        ? api(lifecycleCalls.giveupInduction, { id: r.id, reason: '本人放弃入职' })
        : api(lifecycleCalls.giveupOffer, { id: r.id, reason: '本人放弃offer' }),
    onSuccess: () => {
      message.success('已标记为放弃');
      void refresh();
    },
  });
  const page = view === 'offer' ? lifecycleCalls.getOfferPage : view === 'onDuty' ? lifecycleCalls.getOnDutyPage : lifecycleCalls.getInductionPage;
  const exportCall = view === 'onDuty' ? lifecycleCalls.exportOnDutyUser : view === 'induction' ? lifecycleCalls.getInductionExport : undefined;
  const manage = can(LIFECYCLE_PERM.manage);
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={view}
        onChange={(v) => {
          setView(v as View);
          setFilters({});
        }}
        options={[
          { value: 'offer', label: '待入职' },
          { value: 'onDuty', label: '待确认' },
          { value: 'induction', label: '入职记录' },
        ]}
      />
      <ResourceTable<OnboardingRecord>
        key={view}
        meta={onboardingMeta}
        keyword={HIRE_KEYWORD}
        pageCall={page}
        exportCall={exportCall && can(LIFECYCLE_PERM.export) ? exportCall : undefined}
        exportName="入职记录.xlsx"
        queryKey={[...KEY, view]}
        onFiltersChange={setFilters}
        toolbar={
          <>
            {view === 'offer' && (
              <Auth code={LIFECYCLE_PERM.manage}>
                <Button type="primary" onClick={() => setAdding(true)}>
                  登记待入职
                </Button>
              </Auth>
            )}
            {/* The paper form for hires who do not fill in the link. */}
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void fetchFile(lifecycleCalls.downOnDutyModel, {}, '入职信息登记表.xlsx')}
              data-testid="on-duty-model"
            >
              下载入职登记表
            </Button>
            {view === 'induction' && can(LIFECYCLE_PERM.export) && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void fetchFile(lifecycleCalls.exportSignData, filters, '入职签署记录.xlsx')}
                data-testid="export-sign-data"
              >
                导出签署记录
              </Button>
            )}
          </>
        }
        actionsWidth={220}
        rowActions={
          manage
            ? (r) => (
                <Space size={0}>
                  {['offer', 'invited', 'filled'].includes(r.stage) && (
                    <Button type="link" size="small" onClick={() => link.mutate(r.id)}>
                      {r.stage === 'offer' ? '发送链接' : '重新发送'}
                    </Button>
                  )}
                  {['offer', 'invited', 'filled'].includes(r.stage) && (
                    <Button type="link" size="small" onClick={() => setEditing(r)}>
                      修改
                    </Button>
                  )}
                  {r.stage === 'filled' && (
                    <Button type="link" size="small" onClick={() => setConfirming(r)} data-testid="onboarding-confirm">
                      确认入职
                    </Button>
                  )}
                  {['offer', 'invited', 'filled'].includes(r.stage) && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => modal.confirm({ title: `确定将 ${r.name} 标记为放弃吗？`, onOk: () => giveUp.mutateAsync(r) })}
                    >
                      放弃
                    </Button>
                  )}
                </Space>
              )
            : undefined
        }
      />
      <OfferDialog
        open={adding || !!editing}
        editing={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
        onDone={() => {
          setAdding(false);
          setEditing(null);
          void refresh();
        }}
      />
      <OnDutyConfirmDialog record={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}
