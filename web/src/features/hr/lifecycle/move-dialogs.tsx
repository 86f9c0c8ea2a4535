import type { FileEntry } from '@erp/contract/modules/file';
import { lifecycleCalls } from '@erp/contract/modules/lifecycle';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, type InputProps, Modal, Select } from 'antd';
import { api } from '../../../app/api/client';
import { FileUpload } from '../../../components/file-upload';
import { DateField, OrgTreeSelect, useDictOptions } from '../../../components/resource';

/**
 * Picks an employee by account (the start dialogs name people by their user code). Passes on what
 * Form.Item injects (value, onChange, id): without them the form never saw what was typed.
 */
export function EmployeeCodeInput(props: InputProps) {
  return <Input placeholder="员工账号，如 user01" maxLength={64} data-testid="employee-code" {...props} />;
}

async function employeeIdOf(userCode: string): Promise<number> {
  return (await api(lifecycleCalls.getEmployeeByUserCode, { userCode })).employeeId;
}

interface TransferValues {
  userCode: string;
  changeType: '003' | '004';
  toOrgId?: number;
  toPositionName?: string;
  toSalary?: number;
  effectiveDate: string;
  reason: string;
}

/** 发起调动 / 调岗调薪: HR names the employee, the receiving unit (or the new position and pay), the date and the reason. */
export function TransferDialog({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TransferValues>();
  const changeType = Form.useWatch('changeType', form);
  const start = useMutation({
    mutationFn: async (v: TransferValues) =>
      api(lifecycleCalls.startTransferInstance, {
        employeeId: await employeeIdOf(v.userCode),
        changeType: v.changeType,
        toOrgId: v.toOrgId ?? null,
        toPositionName: v.toPositionName || null,
        toSalary: v.toSalary ?? null,
        effectiveDate: v.effectiveDate,
        reason: v.reason,
      }),
    onSuccess: (r) => {
      message.success(`已提交（${r.documentNo}）`);
      form.resetFields();
      onDone();
    },
  });
  return (
    <Modal open={open} title="发起调动 / 调岗调薪" onCancel={onClose} onOk={() => form.submit()} confirmLoading={start.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ changeType: '003' }} onFinish={(v) => start.mutate(v)}>
        <Form.Item name="userCode" label="员工账号" rules={[{ required: true, message: '请输入员工账号' }]}>
          <EmployeeCodeInput />
        </Form.Item>
        <Form.Item name="changeType" label="变动类型">
          <Select
            data-testid="change-type"
            options={[
              { value: '003', label: '调动（部门/客户单位）' },
              { value: '004', label: '调岗调薪（本部门）' },
            ]}
          />
        </Form.Item>
        {changeType !== '004' && (
          <Form.Item name="toOrgId" label="调入部门" rules={[{ required: true, message: '请选择调入部门' }]}>
            <OrgTreeSelect id="toOrgId" placeholder="请选择" />
          </Form.Item>
        )}
        <Form.Item name="toPositionName" label="新岗位">
          <Input maxLength={64} />
        </Form.Item>
        {changeType === '004' && (
          <Form.Item name="toSalary" label="调整后月薪（元）">
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="effectiveDate" label="生效日期" rules={[{ required: true, message: '请选择生效日期' }]}>
          <DateField id="effectiveDate" />
        </Form.Item>
        <Form.Item name="reason" label="调动原因" rules={[{ required: true, whitespace: true, message: '请输入调动原因' }]}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface QuitValues {
  userCode: string;
  quitType: string;
  lastWorkDate: string;
  reason: string;
  files?: FileEntry[];
}

/** 离职办理 / 辞退: HR starts a departure; the checks (open request, dates, what is still held) come first. */
export function DismissDialog({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<QuitValues>();
  const types = useDictOptions('QUITTYPE');
  const start = useMutation({
    mutationFn: async (v: QuitValues) => {
      const employeeId = await employeeIdOf(v.userCode);
      const check = await api(lifecycleCalls.quitCheck, { employeeId, lastWorkDate: v.lastWorkDate });
      if (!check.ok) throw new Error(check.messages.join('；'));
      const started = await api(lifecycleCalls.startQuitInstance, {
        employeeId,
        quitType: v.quitType,
        lastWorkDate: v.lastWorkDate,
        reason: v.reason,
        fileIds: (v.files ?? []).map((f) => f.id),
      });
      return { ...started, notice: check.notice };
    },
    onSuccess: (r) => {
      message.success(`已提交（${r.documentNo}）`);
      // Still held: handed over during the approval, before its last step.
      if (r.notice) message.warning(r.notice);
      form.resetFields();
      onDone();
    },
    onError: (e: Error) => message.error(e.message),
  });
  return (
    <Modal open={open} title="离职办理" onCancel={onClose} onOk={() => form.submit()} confirmLoading={start.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={(v) => start.mutate(v)}>
        <Form.Item name="userCode" label="员工账号" rules={[{ required: true, message: '请输入员工账号' }]}>
          <EmployeeCodeInput />
        </Form.Item>
        <Form.Item name="quitType" label="离职类型" rules={[{ required: true, message: '请选择离职类型' }]}>
          <Select options={(types.data ?? []).map((o) => ({ value: o.code, label: o.codeName }))} />
        </Form.Item>
        <Form.Item name="lastWorkDate" label="最后工作日" rules={[{ required: true, message: '请选择最后工作日' }]}>
          <DateField id="lastWorkDate" />
        </Form.Item>
        <Form.Item name="reason" label="离职原因" rules={[{ required: true, whitespace: true, message: '请输入离职原因' }]}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
        <Form.Item name="files" label="辞退/离职文件" extra="如辞退通知书、解除协议，随离职单存档">
          <FileUpload maxCount={10} moduleName="hr" functionName="dismiss" deleteOnServer={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface RenewalValues {
  newStartDate: string;
  newEndDate: string;
  contractType: string;
  remark?: string;
}

/** 发起续签 of one employee's contract. */
export function RenewalDialog({ employeeId, onClose, onDone }: { employeeId: number | null; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RenewalValues>();
  const types = useDictOptions('CONTRACTTYPE');
  const start = useMutation({
    mutationFn: (v: RenewalValues) => api(lifecycleCalls.startRenewalInstance, { employeeId: employeeId as number, ...v }),
    onSuccess: (r) => {
      message.success(`已提交（${r.documentNo}）`);
      form.resetFields();
      onDone();
    },
  });
  return (
    <Modal open={employeeId !== null} title="发起续签" onCancel={onClose} onOk={() => form.submit()} confirmLoading={start.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ contractType: '001' }} onFinish={(v) => start.mutate(v)}>
        <Form.Item name="newStartDate" label="新合同开始日" rules={[{ required: true, message: '请选择开始日期' }]}>
          <DateField id="newStartDate" />
        </Form.Item>
        <Form.Item name="newEndDate" label="新合同到期日" rules={[{ required: true, message: '请选择到期日期' }]}>
          <DateField id="newEndDate" />
        </Form.Item>
        <Form.Item name="contractType" label="合同类型">
          <Select options={(types.data ?? []).map((o) => ({ value: o.code, label: o.codeName }))} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
