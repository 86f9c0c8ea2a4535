import { lifecycleCalls } from '@erp/contract/modules/lifecycle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Result, Select, Space, Spin, Tag } from 'antd';
import { api } from '../../../app/api/client';
import { FlowSteps, PersonSelect } from '../../../components/flow';
import { DateField, useDictLabels, useDictOptions } from '../../../components/resource';

const KEY = ['hr', 'lifecycle', 'quitSelf'] as const;
const STATE_TEXT: Record<string, [string, string]> = {
  approving: ['审批中', 'processing'],
  returned: ['已退回，请修改后重新提交', 'warning'],
  passed: ['已通过', 'success'],
  rejected: ['已驳回', 'error'],
  revoked: ['已撤回', 'default'],
};

interface QuitValues {
  quitType: string;
  lastWorkDate: string;
  reason: string;
  handoverUserCode?: string;
  handoverNote?: string;
}

/**
 * 离职申请 (/WorkBench/lizhi): the signed-in employee resigns. Their facts, the form (type, last
 * working day, reason, hand-over), and once submitted the request with its flow; a request sent back
 * is corrected and submitted again here; an open one can be withdrawn.
 */
export default function ResignationScreen() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<QuitValues>();
  const typeOptions = useDictOptions('QUITTYPE');
  const types = (typeOptions.data ?? []).map((o) => ({ value: o.code, label: o.codeName }));
  const state = useDictLabels('EMPLOYSTATE');
  const self = useQuery({ queryKey: KEY, queryFn: () => api(lifecycleCalls.getQuitSelfInfo, {}) });
  // What the leaver still holds: a notice, not a stop (issue 39); it is handed over during the approval.
  const held = useQuery({ queryKey: [...KEY, 'check'], queryFn: () => api(lifecycleCalls.quitCheck, {}), enabled: Boolean(self.data?.employeeId) });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const current = self.data?.current ?? null;
  const open = current && (current.state === 'approving' || current.state === 'returned');
  const returned = current?.state === 'returned' && self.data?.flow?.taskKind === 'resubmit';

  const submit = useMutation({
    mutationFn: async (v: QuitValues) => {
      const check = await api(lifecycleCalls.quitCheck, { lastWorkDate: v.lastWorkDate });
      if (!check.ok) throw new Error(check.messages.join('；'));
      return api(lifecycleCalls.startQuitApplyInstance, v);
    },
    onSuccess: async (r) => {
      message.success(`离职申请已提交（${r.documentNo}）`);
      form.resetFields();
      await refresh();
    },
    onError: (e: Error) => message.error(e.message),
  });
  const resubmit = useMutation({
    mutationFn: (v: QuitValues) =>
      api(lifecycleCalls.againSubmit, {
        taskId: self.data?.flow?.taskId as number,
        form: { lastWorkDate: v.lastWorkDate, reason: v.reason, handoverNote: v.handoverNote },
      }),
    onSuccess: async () => {
      message.success('已重新提交');
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: () => api(lifecycleCalls.revoke, { processInstanceId: current?.processInstanceId as number }),
    onSuccess: async () => {
      message.success('离职申请已撤回');
      await refresh();
    },
  });

  if (self.isLoading) return <Spin style={{ margin: 48 }} />;
  if (!self.data?.employeeId) return <Result status="info" title="您还没有员工档案，不能提交离职申请" />;
  const me = self.data;
  const gone = me.employState === '004' || me.employState === '005';

  return (
    <div style={{ padding: 16, display: 'grid', gap: 16, maxWidth: 960 }}>
      <Card title="离职申请" size="small">
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="姓名">{me.name}</Descriptions.Item>
          <Descriptions.Item label="部门">{me.orgName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="岗位">{me.positionName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="入职日期">{me.entryDate ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="员工状态">{state.labelOf(me.employState)}</Descriptions.Item>
        </Descriptions>
      </Card>
      {current && (
        <Card
          size="small"
          title={
            <Space>
              <span>我的离职申请 {current.documentNo}</span>
              <Tag color={STATE_TEXT[current.state]?.[1]} data-testid="quit-state">
                {STATE_TEXT[current.state]?.[0] ?? current.state}
              </Tag>
            </Space>
          }
          extra={
            open && self.data?.flow?.canRevoke ? (
              <Button danger onClick={() => modal.confirm({ title: '确定撤回离职申请吗？', onOk: () => revoke.mutateAsync() })}>
                撤回
              </Button>
            ) : null
          }
        >
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="离职类型">{types.find((t) => t.value === current.quitType)?.label ?? current.quitType}</Descriptions.Item>
            <Descriptions.Item label="最后工作日">{current.lastWorkDate}</Descriptions.Item>
            <Descriptions.Item label="离职原因" span={2}>
              {current.reason}
            </Descriptions.Item>
            <Descriptions.Item label="工作交接人">{current.handoverUserName ?? '—'}</Descriptions.Item>
          </Descriptions>
          <FlowSteps steps={self.data?.flow?.steps ?? []} />
        </Card>
      )}
      {returned && current && (
        <Card size="small" title="修改后重新提交">
          <Form
            form={form}
            layout="vertical"
            initialValues={{ lastWorkDate: current.lastWorkDate, reason: current.reason, handoverNote: current.handoverNote ?? '' }}
            onFinish={(v) => resubmit.mutate(v)}
          >
            <Form.Item name="lastWorkDate" label="最后工作日" rules={[{ required: true, message: '请选择最后工作日' }]}>
              <DateField id="lastWorkDate" />
            </Form.Item>
            <Form.Item name="reason" label="离职原因" rules={[{ required: true, message: '请输入离职原因' }]}>
              <Input.TextArea maxLength={500} rows={3} />
            </Form.Item>
            <Form.Item name="handoverNote" label="交接说明">
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={resubmit.isPending}>
              重新提交
            </Button>
          </Form>
        </Card>
      )}
      {!open && !gone && (
        <Card size="small" title="填写离职申请">
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message="提交后依次由部门负责人、人力资源审批，并确认工作交接；最后工作日次日起为已离职。" />
          {held.data?.notice && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={held.data.notice} data-testid="quit-holdings" />}
          <Form form={form} layout="vertical" onFinish={(v) => submit.mutate(v)} style={{ maxWidth: 560 }}>
            <Form.Item name="quitType" label="离职类型" rules={[{ required: true, message: '请选择离职类型' }]}>
              <Select options={types} placeholder="请选择" data-testid="quit-type" />
            </Form.Item>
            <Form.Item name="lastWorkDate" label="最后工作日" rules={[{ required: true, message: '请选择最后工作日' }]}>
              <DateField id="lastWorkDate" />
            </Form.Item>
            <Form.Item name="reason" label="离职原因" rules={[{ required: true, whitespace: true, message: '请输入离职原因' }]}>
              <Input.TextArea maxLength={500} rows={3} showCount />
            </Form.Item>
            <Form.Item name="handoverUserCode" label="工作交接人">
              <PersonSelect placeholder="输入姓名或账号搜索" testId="handover-user" />
            </Form.Item>
            <Form.Item name="handoverNote" label="交接说明">
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              提交申请
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}
