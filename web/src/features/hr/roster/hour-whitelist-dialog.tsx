import type { RosterRecord } from '@erp/contract/modules/employee';
import { lifecycleCalls } from '@erp/contract/modules/lifecycle';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { api } from '../../../app/api/client';
import { DateField } from '../../../components/resource';

interface Values {
  action: 'add' | 'remove';
  startDate: string;
  endDate?: string | null;
  reason: string;
}

/**
 * 考勤白名单: puts the chosen employees on the working-hours white list (exempt from the hour checks
 * from a date, open-ended or until a date), or takes them off it; a reason either way (audited).
 */
export function HourWhitelistDialog({ people, onClose, onDone }: { people: RosterRecord[]; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const action = Form.useWatch('action', form);
  const save = useMutation({
    mutationFn: (v: Values) =>
      api(lifecycleCalls.saveHourWhite, {
        employeeIds: people.map((p) => p.id),
        startDate: v.startDate,
        endDate: v.endDate || null,
        reason: v.reason.trim(),
        remove: v.action === 'remove',
      }),
    onSuccess: (r, v) => {
      message.success(v.action === 'remove' ? `已将 ${r.saved} 人移出考勤白名单` : `已将 ${r.saved} 人加入考勤白名单`);
      form.resetFields();
      onDone();
    },
  });
  return (
    <Modal
      open={people.length > 0}
      title={`考勤白名单（${people.length}人）`}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={() => !save.isPending && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, expandable: true }}>
        {people.map((p) => p.name).join('、')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ action: 'add' }} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="action" label="操作">
          <Radio.Group
            options={[
              { value: 'add', label: '加入白名单（免考勤校验）' },
              { value: 'remove', label: '移出白名单' },
            ]}
          />
        </Form.Item>
        <Form.Item name="startDate" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
          <DateField />
        </Form.Item>
        {action !== 'remove' && (
          <Form.Item
            name="endDate"
            label="结束日期"
            extra="留空表示长期有效"
            dependencies={['startDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v?: string | null) =>
                  !v || !getFieldValue('startDate') || v >= getFieldValue('startDate')
                    ? Promise.resolve()
                    : Promise.reject(new Error('结束日期不能早于开始日期')),
              }),
            ]}
          >
            <DateField />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label="原因"
          rules={[
            { required: true, whitespace: true, message: '请输入原因' },
            { max: 255, message: '原因最多255个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
