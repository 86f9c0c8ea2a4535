import { type BudgetUploadResult, financeProjectCalls as F } from '@erp/contract/modules/finance-project';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import { ImportDialog, UserSelect, useDictOptions } from '../../components/resource';
import { fenText, toFen, toYuan } from './money';

interface ChangeValues {
  reason: string;
  effectiveMonth: Dayjs;
  name: string;
  projectType: string;
  managerUserId: number;
  endDate: Dayjs;
  contractAmount: number;
  remark?: string;
}

/**
 * A change of a running project (项目变更): the fields it may touch, the month the new budget
 * governs from, and optionally a new budget (xlsx, checked against the new period). Stages and team
 * are carried over as they are. Saved and submitted in one go; the approval makes it a new version.
 */
export function ChangeForm({ projectId, onClose }: { projectId: number | null; onClose(): void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ChangeValues>();
  const [budget, setBudget] = useState<BudgetUploadResult['lines'] | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const typeDict = useDictOptions('FINPROJECTTYPE');
  const types = (typeDict.data ?? []).map((d) => ({ value: d.code, label: d.codeName }));
  const q = useQuery({
    queryKey: ['finance', 'change-base', projectId],
    queryFn: () => api(F.changeGetProjectInfo, { projectId: projectId as number }),
    enabled: Boolean(projectId),
  });
  const d = q.data;
  useEffect(() => {
    setBudget(null);
    if (!d) return;
    form.setFieldsValue({
      name: d.name,
      projectType: d.projectType ?? undefined,
      managerUserId: d.managerUserId ?? undefined,
      endDate: d.endDate ? dayjs(d.endDate) : undefined,
      contractAmount: toYuan(d.contractAmount),
      remark: d.remark ?? undefined,
      effectiveMonth: dayjs().startOf('month'),
    });
  }, [d, form]);
  const endDate = Form.useWatch('endDate', form);

  const submit = async () => {
    if (!d) return;
    const v = await form.validateFields();
    setBusy(true);
    try {
      const saved = await api(F.saveProjectChange, {
        projectId: d.id,
        reason: v.reason,
        effectiveMonth: Number(v.effectiveMonth.format('YYYYMM')),
        after: {
          name: v.name,
          projectType: v.projectType as '001',
          managerUserId: v.managerUserId,
          endDate: v.endDate.format('YYYY-MM-DD'),
          contractAmount: toFen(v.contractAmount),
          remark: v.remark || null,
          stages: d.stages.map((s) => ({ name: s.name, startDate: s.startDate, endDate: s.endDate, amount: s.amount, remark: s.remark })),
          people: d.people.map((p) => ({ userId: p.userId, role: p.role as '001', joinDate: p.joinDate, leaveDate: p.leaveDate })),
          budget: budget ?? d.budget,
        },
      });
      const submitted = await api(F.submitProjectChange, { id: saved.id });
      message.success(`变更已提交：${submitted.changeNo ?? ''}`);
      onClose();
      navigate(`/changeDetail?id=${saved.id}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(projectId)}
      title={`项目变更${d ? `：${d.name}` : ''}`}
      width={760}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="提交变更"
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} name="fin-change" layout="vertical">
        <Form.Item name="reason" label="变更原因" rules={[{ required: true, whitespace: true, message: '请输入变更原因' }]}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="effectiveMonth" label="预算生效月份" rules={[{ required: true, message: '请选择生效月份' }]}>
            <DatePicker picker="month" />
          </Form.Item>
          <Form.Item name="name" label="项目名称" rules={[{ required: true, whitespace: true, message: '请输入项目名称' }]} style={{ width: 300 }}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="projectType" label="项目类型" rules={[{ required: true }]} style={{ width: 200 }}>
            <Select options={types} />
          </Form.Item>
          <Form.Item name="managerUserId" label="项目经理" rules={[{ required: true }]}>
            <UserSelect initialLabel={d?.managerName ?? undefined} />
          </Form.Item>
          <Form.Item name="endDate" label="结束日期" rules={[{ required: true }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="contractAmount" label="合同金额（元）" rules={[{ required: true }]}>
            <InputNumber min={0} precision={2} style={{ width: 200 }} />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
      <Space>
        <Button onClick={() => setUploading(true)}>上传变更后的预算</Button>
        <Alert
          type={budget ? 'success' : 'info'}
          title={
            budget
              ? `新预算：${budget.length} 行，合计 ${fenText(budget.reduce((t, l) => t + l.amount, 0))} 元`
              : `沿用当前预算（V${d?.versionNo ?? ''}，合计 ${fenText((d?.budget ?? []).reduce((t, l) => t + l.amount, 0))} 元）`
          }
        />
      </Space>
      {d && (
        <ImportDialog
          open={uploading}
          title="上传变更后的预算"
          noun="条预算"
          importCall={F.uploadBudgetsInfo}
          templateCall={F.downloadFile}
          templateInput={{ startDate: d.startDate, endDate: endDate ? endDate.format('YYYY-MM-DD') : d.endDate }}
          templateName="项目预算导入模板.xlsx"
          fields={{ startDate: d.startDate ?? '', endDate: endDate ? endDate.format('YYYY-MM-DD') : (d.endDate ?? '') }}
          allOrNothing
          onResult={(r) => setBudget((r as BudgetUploadResult).lines)}
          onClose={() => setUploading(false)}
          onImported={() => undefined}
        />
      )}
    </Modal>
  );
}
