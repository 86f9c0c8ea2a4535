import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { baseCalls } from '@erp/contract/modules/base';
import { financeProjectCalls as F, type ProjectDetail } from '@erp/contract/modules/finance-project';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../app/api/client';
import { ImportDialog, OrgTreeSelect, UserSelect, useDictOptions } from '../../components/resource';
import { fenText, monthText, TYPE_NAMES, toFen, toYuan } from './money';

interface FormValues {
  name: string;
  projectType?: string;
  clientOrgId?: number;
  settleOrgId?: number;
  deptId?: number;
  managerUserId?: number;
  period?: [Dayjs, Dayjs];
  contractAmount?: number;
  remark?: string;
  stages?: Array<{ name: string; period?: [Dayjs, Dayjs]; amount?: number; remark?: string }>;
  people?: Array<{ userId?: number; role?: string }>;
}

const day = (d?: Dayjs) => (d ? d.format('YYYY-MM-DD') : undefined);

function valuesOf(v: FormValues) {
  return {
    name: v.name,
    projectType: v.projectType,
    clientOrgId: v.clientOrgId,
    settleOrgId: v.settleOrgId,
    deptId: v.deptId,
    managerUserId: v.managerUserId,
    startDate: day(v.period?.[0]),
    endDate: day(v.period?.[1]),
    contractAmount: toFen(v.contractAmount),
    remark: v.remark || null,
    stages: (v.stages ?? []).map((s) => ({
      name: s.name,
      startDate: day(s.period?.[0]),
      endDate: day(s.period?.[1]),
      amount: toFen(s.amount),
      remark: s.remark || null,
    })),
    people: (v.people ?? []).filter((p) => p.userId && p.role).map((p) => ({ userId: p.userId as number, role: p.role as '001' })),
  };
}

function formOf(d: ProjectDetail): FormValues {
  return {
    name: d.name,
    projectType: d.projectType ?? undefined,
    clientOrgId: d.clientOrgId ?? undefined,
    settleOrgId: d.settleOrgId ?? undefined,
    deptId: d.deptId ?? undefined,
    managerUserId: d.managerUserId ?? undefined,
    period: d.startDate && d.endDate ? [dayjs(d.startDate), dayjs(d.endDate)] : undefined,
    contractAmount: toYuan(d.contractAmount),
    remark: d.remark ?? undefined,
    stages: d.stages.map((s) => ({
      name: s.name,
      period: s.startDate && s.endDate ? [dayjs(s.startDate), dayjs(s.endDate)] : undefined,
      amount: toYuan(s.amount),
      remark: s.remark ?? undefined,
    })),
    people: d.people.map((p) => ({ userId: p.userId, role: p.role })),
  };
}

/** The project a subproject is made under: its client and settling company are the subproject's. */
export interface ParentProject {
  id: number;
  name: string;
  clientName: string | null;
  settleOrgName: string | null;
  startDate: string | null;
  endDate: string | null;
}

/**
 * The project form (立项): fields, stages, team and the budget, which is uploaded as xlsx onto the
 * saved draft (暂存 first). 暂存 keeps an incomplete draft; 提交审批 checks everything and starts the approval.
 * With `parent`, a subproject of that running project: client and settling company come from the parent,
 * its period must lie inside the parent's, and 暂存 already needs every field (the subproject calls keep no
 * incomplete drafts); a rejected or revoked one is corrected and submitted again here.
 */
export function ProjectForm({
  open,
  projectId,
  onClose,
  onSaved,
  parent,
}: {
  open: boolean;
  projectId: number | null;
  onClose(): void;
  onSaved(): void;
  parent?: ParentProject;
}) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [id, setId] = useState<number | null>(projectId);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const typeDict = useDictOptions('FINPROJECTTYPE');
  const types = (typeDict.data ?? []).map((d) => ({ value: d.code, label: d.codeName }));
  const roleDict = useDictOptions('FINPROJECTROLE');
  const roles = (roleDict.data ?? []).map((d) => ({ value: d.code, label: d.codeName }));
  const clients = useQuery({ queryKey: ['base', 'clients'], queryFn: () => api(baseCalls.getClientCompany, {}), staleTime: 300_000, enabled: open && !parent });
  const detail = useQuery({ queryKey: ['finance', 'project', id], queryFn: () => api(F.getProjectInfo, { id }), enabled: open && Boolean(id) });
  const subjects = useQuery({ queryKey: ['finance', 'subjects'], queryFn: () => api(F.getSubjectList, {}), staleTime: 300_000 });
  useEffect(() => {
    if (!open) return;
    setId(projectId);
    form.resetFields();
  }, [open, projectId, form]);
  useEffect(() => {
    if (detail.data && detail.data.id === projectId) form.setFieldsValue(formOf(detail.data));
  }, [detail.data, projectId, form]);

  const budgetRows = useMemo(() => {
    const names = new Map((subjects.data ?? []).map((s) => [s.id, s]));
    const by = new Map<number, { subject: string; type: string; total: number; months: number }>();
    for (const l of detail.data?.budget ?? []) {
      const s = names.get(l.subjectId);
      const row = by.get(l.subjectId) ?? { subject: s?.name ?? String(l.subjectId), type: TYPE_NAMES[s?.budgetType ?? ''] ?? '', total: 0, months: 0 };
      row.total += l.amount;
      row.months += 1;
      by.set(l.subjectId, row);
    }
    return [...by.entries()].map(([key, r]) => ({ key, ...r }));
  }, [detail.data, subjects.data]);
  const months = (detail.data?.budget ?? []).map((l) => l.month);

  /** Saves a subproject (every field checked): the draft's id. */
  const saveSub = async (v: FormValues, p: ParentProject) => {
    const { clientOrgId: _c, settleOrgId: _s, ...values } = valuesOf(v);
    return (await api(F.saveSubproject, { ...values, parentId: p.id, id: id ?? undefined } as never)).id;
  };
  const tempSave = async () => {
    if (parent) {
      const v = await form.validateFields();
      setBusy(true);
      try {
        const saved = await saveSub(v, parent);
        setId(saved);
        message.success('已暂存');
        onSaved();
        return saved;
      } finally {
        setBusy(false);
      }
    }
    const v = form.getFieldsValue(true) as FormValues;
    if (!v.name?.trim()) {
      await form.validateFields(['name']);
      return null;
    }
    setBusy(true);
    try {
      const saved = await api(F.tempSaveProject, { ...valuesOf(v), id: id ?? undefined } as never);
      setId(saved.id);
      await detail.refetch();
      message.success('已暂存');
      onSaved();
      return saved.id;
    } finally {
      setBusy(false);
    }
  };
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      if (parent) await api(F.submitSubproject, { id: await saveSub(v, parent) });
      else await api(F.saveProjectInfo, { ...valuesOf(v), id: id ?? undefined } as never);
      message.success('已提交审批');
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    if (form.isFieldsTouched()) modal.confirm({ title: '是否确认取消？', onOk: onClose });
    else onClose();
  };

  return (
    <Modal
      open={open}
      title={parent ? (projectId ? '编辑子项目' : '新增子项目') : projectId ? '编辑项目' : '新增项目'}
      width={980}
      onCancel={close}
      destroyOnHidden
      footer={null}
    >
      {parent && (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          title={`父项目：${parent.name}（甲方 ${parent.clientName ?? '—'}，乙方 ${parent.settleOrgName ?? '—'}，周期 ${parent.startDate ?? ''} 至 ${parent.endDate ?? ''}）`}
        />
      )}
      <Form form={form} name="fin-project" layout="vertical" disabled={busy}>
        <Space wrap style={{ width: '100%' }} align="start">
          <Form.Item
            name="name"
            label="项目名称"
            rules={[{ required: true, whitespace: true, message: '请输入项目名称' }, { max: 100 }]}
            style={{ width: 300 }}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="projectType" label="项目类型" rules={[{ required: true, message: '请选择项目类型' }]} style={{ width: 200 }}>
            <Select options={types} />
          </Form.Item>
          {!parent && (
            <>
              <Form.Item name="clientOrgId" label="甲方（客户单位）" rules={[{ required: true, message: '请选择甲方（客户单位）' }]} style={{ width: 260 }}>
                <Select showSearch optionFilterProp="label" options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
              </Form.Item>
              <Form.Item name="settleOrgId" label="乙方（结算公司）" rules={[{ required: true, message: '请选择乙方（结算公司）' }]} style={{ width: 260 }}>
                <OrgTreeSelect />
              </Form.Item>
            </>
          )}
          <Form.Item name="deptId" label="所属部门" rules={[{ required: true, message: '请选择所属部门' }]} style={{ width: 220 }}>
            <OrgTreeSelect />
          </Form.Item>
          <Form.Item name="managerUserId" label="项目经理" rules={[{ required: true, message: '请选择项目经理' }]} style={{ width: 260 }}>
            <UserSelect initialLabel={detail.data?.managerName ?? undefined} />
          </Form.Item>
          <Form.Item name="period" label="项目周期" rules={[{ required: true, message: '请选择项目周期' }]}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="contractAmount" label="合同金额（元）" rules={[{ required: true, message: '请输入合同金额' }]} style={{ width: 200 }}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <h4>项目阶段</h4>
        <Form.List name="stages">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: '请输入阶段名称' }]}>
                    <Input placeholder="阶段名称" maxLength={64} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'period']} rules={[{ required: true, message: '请选择阶段日期' }]}>
                    <DatePicker.RangePicker />
                  </Form.Item>
                  <Form.Item name={[f.name, 'amount']}>
                    <InputNumber min={0} precision={2} placeholder="金额（元）" style={{ width: 160 }} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除阶段" />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '' })}>
                添加阶段
              </Button>
            </>
          )}
        </Form.List>
        <h4 style={{ marginTop: 16 }}>项目成员</h4>
        <Form.List name="people">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'userId']} rules={[{ required: true, message: '请选择人员' }]}>
                    <UserSelect initialLabel={detail.data?.people[f.name]?.realName} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'role']} rules={[{ required: true, message: '请选择项目角色' }]}>
                    <Select options={roles} style={{ width: 140 }} placeholder="项目角色" />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除成员" />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                添加成员
              </Button>
            </>
          )}
        </Form.List>
        <h4 style={{ marginTop: 16 }}>项目预算</h4>
        <Space style={{ marginBottom: 8 }}>
          <Button
            onClick={async () => {
              const saved = id ?? (await tempSave());
              if (saved) setUploading(true);
            }}
          >
            上传预算
          </Button>
          {months.length > 0 && (
            <span style={{ color: '#888' }}>
              {monthText(Math.min(...months))} 至 {monthText(Math.max(...months))}，共 {budgetRows.length} 个科目
            </span>
          )}
        </Space>
        {budgetRows.length === 0 ? (
          <Alert type="info" title="尚未上传预算：先暂存项目，再下载模板按科目和月份填写金额后上传" />
        ) : (
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={budgetRows}
            columns={[
              { title: '预算科目', dataIndex: 'subject' },
              { title: '类型', dataIndex: 'type', width: 80 },
              { title: '月数', dataIndex: 'months', width: 70 },
              { title: '合计（元）', dataIndex: 'total', align: 'right', render: (v: number) => fenText(v) },
            ]}
          />
        )}
      </Form>
      <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={close}>取消</Button>
        <Button onClick={() => void tempSave()} loading={busy}>
          暂存
        </Button>
        <Button type="primary" onClick={() => void submit()} loading={busy}>
          提交审批
        </Button>
      </Space>
      {id && (
        <ImportDialog
          open={uploading}
          title="上传项目预算"
          noun="条预算"
          importCall={F.uploadBudgetsInfo}
          templateCall={F.downloadFile}
          templateInput={{ projectId: id }}
          templateName="项目预算导入模板.xlsx"
          fields={{ projectId: String(id) }}
          hint="金额单位为元；月份须在项目周期内"
          allOrNothing
          onClose={() => setUploading(false)}
          onImported={() => void detail.refetch()}
        />
      )}
    </Modal>
  );
}
