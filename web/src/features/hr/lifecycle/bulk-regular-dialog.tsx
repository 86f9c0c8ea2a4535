import { NO } from '@erp/contract/common';
import { CONFIRMATION_MSG, CONFIRMATION_TEXT_MAX, type ConfirmationForm } from '@erp/contract/modules/hr';
import { type FormalRecord, lifecycleCalls } from '@erp/contract/modules/lifecycle';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { api } from '../../../app/api/client';
import { useDictSelect } from '../../../components/resource';

interface Values {
  confirmType: string;
  assessModel: string;
  opinion?: string;
  advantage?: string;
  improvePoint?: string;
}

const text = (required: boolean, message: string) => [
  { required, whitespace: true, message },
  { max: CONFIRMATION_TEXT_MAX, message: CONFIRMATION_MSG.textMax },
];

/**
 * 批量发起转正: one confirmation per chosen employee with the same type, assessment and opinion, each
 * due on its own probation end date, without a report or a grade or pay change (those go one by
 * one). All or nothing: one refusal starts none.
 */
export function BulkRegularDialog({ rows, onClose, onDone }: { rows: FormalRecord[]; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  // 003 is not a type HR chooses (as in the single confirmation form).
  const types = useDictSelect('CONFIRMTYPE', ['003']);
  const models = useDictSelect('CHECKMODEL');
  const ownStaff = rows.some((r) => r.personCategory === '001');
  const start = useMutation({
    mutationFn: (v: Values) =>
      api(lifecycleCalls.startRegularInstances, {
        list: rows.map(
          (r): ConfirmationForm => ({
            employeeId: r.id,
            confirmType: v.confirmType,
            preConfirmateTime: r.dueDate ?? '',
            confirmateTime: r.dueDate ?? '',
            isReport: NO,
            isChangeGrade: NO,
            isChangeSalary: NO,
            assessModel: v.assessModel,
            opinion: v.opinion?.trim() || null,
            advantage: v.advantage?.trim() || null,
            improvePoint: v.improvePoint?.trim() || null,
          }),
        ),
      }),
    onSuccess: (started) => {
      message.success(`已发起 ${started.length} 个转正申请`);
      form.resetFields();
      onDone();
    },
  });
  return (
    <Modal
      open={rows.length > 0}
      width={620}
      title={`批量发起转正（${rows.length}人）`}
      okText="发起"
      onOk={() => form.submit()}
      confirmLoading={start.isPending}
      onCancel={() => !start.isPending && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="每人按试用期到期日转正，不含述职、职级和薪资调整；需要调整的请单独发起。任一人不能发起时全部不发起。"
      />
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: true }}>
        {rows.map((r) => `${r.name}（${r.dueDate ?? '—'}）`).join('、')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} onFinish={(v) => start.mutate(v)}>
        <Form.Item name="confirmType" label="转正类型" rules={[{ required: true, message: CONFIRMATION_MSG.confirmType }]}>
          <Select options={types} />
        </Form.Item>
        <Form.Item name="assessModel" label="考核方式" rules={[{ required: true, message: CONFIRMATION_MSG.assessModel }]}>
          <Select options={models} />
        </Form.Item>
        <Form.Item name="opinion" label="转正意见" rules={text(ownStaff, CONFIRMATION_MSG.opinion)}>
          <Input.TextArea rows={3} maxLength={CONFIRMATION_TEXT_MAX} showCount />
        </Form.Item>
        <Form.Item name="advantage" label="优点" extra="外包人员必填">
          <Input.TextArea rows={2} maxLength={CONFIRMATION_TEXT_MAX} />
        </Form.Item>
        <Form.Item name="improvePoint" label="待改进点" extra="外包人员必填">
          <Input.TextArea rows={2} maxLength={CONFIRMATION_TEXT_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
