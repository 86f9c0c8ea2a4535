import { HR_DOC_PERM, type TripleAgreementRecord, tripleAgreementCalls, tripleAgreementMeta } from '@erp/contract/modules/hr-documents';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { Auth, useHasAuth } from '../../app/auth/auth';
import { ResourceTable, useDictOptions } from '../../components/resource';
import { ScreenFrame } from '../base/screen-frame';
import { DOCUMENT_KEYWORD } from './document-keyword';
import { EmployeeSelect } from './employee-select';

interface Values {
  employeeId: number;
  agreementType: '001' | '002';
  agreementNo: string;
  school: string;
  major?: string;
  education: string;
  graduationDate: Dayjs;
  signDate: Dayjs;
  breachFee: number;
  remark?: string;
}

/** 三方协议: the list, add (draft or submit), and the paper register of passed agreements. */
export default function TripleAgreementScreen() {
  const qc = useQueryClient();
  const may = useHasAuth();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<TripleAgreementRecord | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const education = (useDictOptions('EDUCATION').data ?? []).map((d) => ({ value: d.code, label: d.codeName }));
  const refresh = () => qc.invalidateQueries({ queryKey: ['hrDocuments', 'triple'] });
  const open = (r: TripleAgreementRecord | 'new') => {
    setEditing(r);
    form.setFieldsValue(
      r === 'new'
        ? { agreementType: '001', breachFee: 0, signDate: dayjs() }
        : ({ ...r, major: r.major || undefined, remark: r.remark || undefined, graduationDate: dayjs(r.graduationDate), signDate: dayjs(r.signDate) } as never),
    );
  };
  const save = async (submit: boolean) => {
    const v = await form.validateFields();
    const body = { ...v, graduationDate: v.graduationDate.format('YYYY-MM-DD'), signDate: v.signDate.format('YYYY-MM-DD'), submit };
    const saved =
      editing && editing !== 'new'
        ? await api(tripleAgreementCalls.tripleUpdate, { ...body, id: editing.id })
        : await api(tripleAgreementCalls.tripleAdd, body);
    message.success(submit ? `已提交审批 ${saved.documentNo}` : '草稿已保存');
    setEditing(null);
    await refresh();
  };
  return (
    <ScreenFrame>
      <ResourceTable<TripleAgreementRecord>
        meta={tripleAgreementMeta}
        keyword={DOCUMENT_KEYWORD}
        pageCall={tripleAgreementCalls.tripleSelectPage}
        exportCall={may(HR_DOC_PERM.tripleExport) ? tripleAgreementCalls.tripleDownloadList : undefined}
        exportName="三方协议.xlsx"
        queryKey={['hrDocuments', 'triple']}
        toolbar={
          <Auth code={HR_DOC_PERM.tripleEdit}>
            <Button type="primary" onClick={() => open('new')}>
              新增三方协议
            </Button>
          </Auth>
        }
        rowActions={(r) => (
          <Auth code={HR_DOC_PERM.tripleEdit}>
            <Space size={0}>
              {(r.state === 'draft' || r.state === 'returned') && (
                <Button type="link" size="small" onClick={() => open(r)}>
                  {r.state === 'returned' ? '修改并重新提交' : '编辑'}
                </Button>
              )}
              {r.state === 'passed' && (
                <Button
                  type="link"
                  size="small"
                  onClick={async () => {
                    await api(tripleAgreementCalls.tripleRegisterLog, { id: r.id, registerState: r.registerState === '002' ? '004' : '002' });
                    message.success('已登记');
                    await refresh();
                  }}
                >
                  {r.registerState === '002' ? '登记归档' : '登记收到原件'}
                </Button>
              )}
            </Space>
          </Auth>
        )}
        actionsWidth={140}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? '新增三方协议' : '编辑三方协议'}
        onCancel={() => setEditing(null)}
        footer={null}
        width={720}
        destroyOnHidden
      >
        <Form form={form} name="triple-form" layout="vertical">
          <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
            <EmployeeSelect disabled={editing !== 'new'} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="agreementType" label="协议类型" rules={[{ required: true, message: '请选择协议类型' }]}>
              <Select
                style={{ width: 180 }}
                options={[
                  { value: '001', label: '毕业生就业协议' },
                  { value: '002', label: '实习协议' },
                ]}
              />
            </Form.Item>
            <Form.Item name="agreementNo" label="协议编号" rules={[{ required: true, whitespace: true, message: '请输入协议编号' }]}>
              <Input maxLength={64} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="education" label="学历" rules={[{ required: true, message: '请选择学历' }]}>
              <Select style={{ width: 160 }} options={education} />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="school" label="学校" rules={[{ required: true, whitespace: true, message: '请输入学校' }]}>
              <Input maxLength={100} style={{ width: 260 }} />
            </Form.Item>
            <Form.Item name="major" label="专业">
              <Input maxLength={100} style={{ width: 260 }} />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="graduationDate" label="毕业日期" rules={[{ required: true, message: '请选择毕业日期' }]}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="signDate" label="签订日期" rules={[{ required: true, message: '请选择签订日期' }]}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="breachFee" label="违约金（元）">
              <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <Form.Item name="remark" label="备注">
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Space>
            <Button type="primary" onClick={() => save(true)}>
              提交审批
            </Button>
            {(editing === 'new' || (editing && editing.state === 'draft')) && <Button onClick={() => save(false)}>保存草稿</Button>}
            <Button onClick={() => setEditing(null)}>取消</Button>
          </Space>
        </Form>
      </Modal>
    </ScreenFrame>
  );
}
