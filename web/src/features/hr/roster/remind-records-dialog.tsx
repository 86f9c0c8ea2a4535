import { employeeCalls, ROSTER_REMIND_TEXT, type RosterRecord } from '@erp/contract/modules/employee';
import { App, Form, Input, List, Modal } from 'antd';
import { api } from '../../../app/api/client';
import { useFormDialog } from '../../../components/resource';

/**
 * 提醒完善信息 for the rows chosen on the roster (issue 39): one message each; who could not be
 * reminded is listed by name with why, the others are reminded all the same. One send per click
 * (useFormDialog).
 */
export function RemindRecordsDialog({ employees, onClose }: { employees: RosterRecord[]; onClose(): void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ message: string }>();
  const names = new Map(employees.map((e) => [e.id, e.name]));
  const dialog = useFormDialog({
    form,
    save: (values) => api(employeeCalls.rosterRemindRecords, { ids: employees.map((e) => e.id), message: values.message }),
    onSaved: (result) => {
      message.success(`已提醒 ${result.sent} 人`);
      if (result.skipped.length)
        modal.warning({
          title: `${result.skipped.length} 人未提醒`,
          content: (
            <List
              size="small"
              dataSource={result.skipped}
              renderItem={(s) => (
                <List.Item key={s.employeeId}>
                  {s.name ?? names.get(s.employeeId) ?? s.employeeId}：{s.reason}
                </List.Item>
              )}
            />
          ),
        });
    },
    onClose,
  });
  return (
    <Modal open title={`提醒完善信息（${employees.length} 人）`} {...dialog.modalProps} okText="发送提醒">
      <Form form={form} layout="vertical" name="remind-records" initialValues={{ message: ROSTER_REMIND_TEXT }}>
        <Form.Item name="message" label="提醒内容" rules={[{ max: 200, message: '提醒内容不能超过200字' }]}>
          <Input.TextArea rows={4} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
