import { manHourCalls as M, MANHOUR_PERM, type ManHourRecord, manHourMeta } from '@erp/contract/modules/hours-pay';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useHasAuth } from '../../app/auth/auth';
import { ImportDialog, ResourceTable, useDictOptions } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';

/** 工时汇总: approved hours per month, person and project; finance corrects settlement and amounts and uploads client hours. */
export default function ManHourScreen() {
  const can = useHasAuth();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<ManHourRecord | null>(null);
  const [form] = Form.useForm<{ settlementMethod: string; billAmount: number; remark: string }>();
  const methods = useDictOptions('SETTLEMETHOD');
  const editable = can(MANHOUR_PERM.edit);
  return (
    <ScreenFrame>
      <ResourceTable<ManHourRecord>
        meta={manHourMeta}
        pageCall={M.getManHourPageList}
        exportCall={M.manHourDownload}
        exportName="工时汇总.xlsx"
        queryKey={['hours', 'manHour']}
        toolbar={editable && <Button onClick={() => setImporting(true)}>导入客户工时</Button>}
        rowActions={
          editable
            ? (r) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setEditing(r);
                    form.setFieldsValue({ settlementMethod: r.settlementMethod, billAmount: r.billAmount / 100, remark: r.remark ?? '' });
                  }}
                >
                  修改
                </Button>
              )
            : undefined
        }
      />
      <Modal
        title="修改工时汇总"
        open={Boolean(editing)}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          if (!editing) return;
          const v = await form.validateFields();
          await api(M.listUpdate, {
            rows: [{ id: editing.id, settlementMethod: v.settlementMethod as '001', billAmount: Math.round(v.billAmount * 100), remark: v.remark }],
          });
          message.success('已保存');
          setEditing(null);
          await client.invalidateQueries({ queryKey: ['hours', 'manHour'] });
        }}
      >
        <Form form={form} name="manHourEdit" layout="vertical">
          <Form.Item name="settlementMethod" label="结算方式" rules={[{ required: true, message: '请选择结算方式' }]}>
            <Select options={(methods.data ?? []).map((d) => ({ value: d.code, label: d.codeName }))} />
          </Form.Item>
          <Form.Item name="billAmount" label="结算金额（元）" rules={[{ required: true, message: '请输入结算金额' }]}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
      <ImportDialog
        open={importing}
        noun="工时"
        allOrNothing
        importCall={M.manHourUpload}
        templateCall={M.templateDownload}
        templateName="工时汇总导入模板.xlsx"
        hint="每行一人一个项目一个月，覆盖该月该项目的汇总工时"
        onClose={() => setImporting(false)}
        onImported={() => void client.invalidateQueries({ queryKey: ['hours', 'manHour'] })}
      />
    </ScreenFrame>
  );
}
