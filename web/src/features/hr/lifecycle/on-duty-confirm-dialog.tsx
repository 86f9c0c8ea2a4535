import type { FileEntry } from '@erp/contract/modules/file';
import { lifecycleCalls, type OnboardingRecord } from '@erp/contract/modules/lifecycle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Input, InputNumber, Modal, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { api } from '../../../app/api/client';
import { FileUpload } from '../../../components/file-upload';
import { DateField } from '../../../components/resource';

/** Labels of what the hire fills in through the link (ZOnDutyBase). */
export const INFO_LABELS: Record<string, string> = {
  gender: '性别',
  idNumber: '证件号码',
  email: '邮箱',
  address: '现住址',
  registeredAddress: '户籍地址',
  emergencyContact: '紧急联系人',
  emergencyPhone: '紧急联系人电话',
  highestEducation: '最高学历',
  school: '毕业院校',
  bankName: '开户银行',
  bankAccount: '银行卡号',
};
export const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : v === '1' ? '男' : v === '2' ? '女' : String(v));

interface Values {
  plannedEntryDate: string;
  probationMonths: number;
  userCode?: string;
}

/**
 * 入职确认: what the hire filled and what is still missing, the entry date, probation and account HR
 * sets, the signed entry form; then 确认入职 submits the onboarding for approval.
 */
export function OnDutyConfirmDialog({ record, onClose }: { record: OnboardingRecord | null; onClose(): void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [signed, setSigned] = useState<FileEntry[]>([]);
  const id = record?.id ?? 0;
  const info = useQuery({
    queryKey: ['hr', 'lifecycle', 'onDutyConfirm', id],
    queryFn: () => api(lifecycleCalls.getOnDutyConfirmInfo, { id }),
    enabled: !!record,
    staleTime: 0,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['hr', 'lifecycle'] });
  const save = useMutation({
    mutationFn: async (v: Values) => api(lifecycleCalls.saveOnDutyConfirmInfo, { id, ...v, userCode: v.userCode?.trim() || undefined }),
  });
  const attach = useMutation({ mutationFn: (fileId: number) => api(lifecycleCalls.uploadSignFile, { id, fileId }) });
  const confirm = useMutation({ mutationFn: () => api(lifecycleCalls.confirmOnDuty, { id }) });
  const busy = save.isPending || confirm.isPending;
  const checks = info.data?.checks ?? [];
  const submit = async (andConfirm: boolean) => {
    const v = await form.validateFields();
    await save.mutateAsync(v);
    if (andConfirm) {
      const r = await confirm.mutateAsync();
      message.success(`已提交入职确认（${r.documentNo}）`);
      onClose();
    } else message.success('已保存');
    void refresh();
  };
  const r = info.data?.record;
  return (
    <Modal
      open={!!record}
      width="min(760px, 100%)"
      title={`入职确认：${record?.name ?? ''}`}
      onCancel={() => !busy && onClose()}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button onClick={() => void submit(false).catch(() => undefined)} loading={save.isPending && !confirm.isPending}>
            保存
          </Button>
          <Button
            type="primary"
            disabled={checks.length > 0 || record?.stage !== 'filled'}
            loading={confirm.isPending}
            onClick={() => void submit(true).catch(() => undefined)}
            data-testid="on-duty-confirm"
          >
            保存并确认入职
          </Button>
        </Space>
      }
    >
      {info.isLoading || !r ? (
        <Skeleton active />
      ) : (
        <>
          {checks.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message="确认入职前还需："
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {checks.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              }
              data-testid="on-duty-checks"
            />
          )}
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }} title="新员工填写的信息">
            <Descriptions.Item label="姓名">{r.name}</Descriptions.Item>
            <Descriptions.Item label="手机号">{r.phone}</Descriptions.Item>
            <Descriptions.Item label="入职部门">{r.orgName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="岗位">{r.positionName ?? '—'}</Descriptions.Item>
            {Object.entries(INFO_LABELS).map(([key, label]) => (
              <Descriptions.Item key={key} label={label}>
                {shown(info.data?.info[key])}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Form
            form={form}
            layout="vertical"
            initialValues={{ plannedEntryDate: r.plannedEntryDate, probationMonths: r.probationMonths, userCode: r.userCode ?? undefined }}
          >
            <Space wrap size="large">
              <Form.Item name="plannedEntryDate" label="入职日期" rules={[{ required: true, message: '请选择入职日期' }]}>
                <DateField />
              </Form.Item>
              <Form.Item name="probationMonths" label="试用期（月）" rules={[{ required: true, message: '请输入试用期' }]}>
                <InputNumber min={0} max={6} />
              </Form.Item>
              <Form.Item
                name="userCode"
                label="系统账号"
                extra="留空则按规则自动生成"
                rules={[{ pattern: /^[A-Za-z0-9_.@-]{2,64}$/, message: '账号只能包含字母、数字和 _ . @ -' }]}
              >
                <Input maxLength={64} style={{ width: 200 }} />
              </Form.Item>
            </Space>
          </Form>
          <Form layout="vertical">
            <Form.Item label="签署的入职登记表 / 劳动合同" extra={r.signFileId ? '已上传签署文件；再次上传将替换' : '上传后随入职记录存档'}>
              <FileUpload
                value={signed}
                maxCount={1}
                accept={['pdf', 'jpg', 'jpeg', 'png']}
                moduleName="hr"
                functionName="onDutySign"
                deleteOnServer={false}
                onChange={(files) => {
                  setSigned(files);
                  const last = files[files.length - 1];
                  if (last) attach.mutate(last.id, { onSuccess: () => message.success('签署文件已存档') });
                }}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
