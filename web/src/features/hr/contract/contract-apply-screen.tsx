import type { CallDefinition, RequestOf } from '@erp/contract/define';
import { HR_DOC_PERM, hrDocumentCalls } from '@erp/contract/modules/hr-documents';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Result, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../app/api/client';
import { useHasAuth } from '../../../app/auth/auth';
import { FileGroupField, useDictSelect } from '../../../components/resource';
import { ScreenFrame } from '../../base/screen-frame';
import { EmployeeSelect } from '../../hr-documents/employee-select';
import { CONTRACT_REQUESTS, type ContractRequestKind } from './contract-kinds';

interface Values {
  employeeId: number;
  contractType: string;
  contractStart: Dayjs;
  contractEnd?: Dayjs | null;
  copies: number;
  fileGroupId: string | null;
  remark?: string;
  sealType?: string;
  purpose?: string;
  location?: string;
  sealId?: number | null;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);

/** 用印申请 / 合同归档申请: the contract of one employee (filled from the record), the file, and the request's own fields. */
function ContractApply({ which }: { which: ContractRequestKind }) {
  const request = CONTRACT_REQUESTS[which];
  const can = useHasAuth();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const contractTypes = useDictSelect('CONTRACTTYPE');
  const sealTypes = useDictSelect('SEALTYPE');
  const employeeId = Form.useWatch('employeeId', form);
  const contractType = Form.useWatch('contractType', form);
  const facts = useQuery({
    queryKey: ['hrDocuments', 'contractFacts', employeeId],
    queryFn: () => api(hrDocumentCalls.contractFacts, { employeeId }),
    enabled: !!employeeId,
  });
  useEffect(() => {
    const f = facts.data;
    if (!f) return;
    form.setFieldsValue({
      contractType: f.contractType ?? undefined,
      contractStart: f.contractStart ? dayjs(f.contractStart) : undefined,
      contractEnd: f.contractEnd ? dayjs(f.contractEnd) : null,
      sealId: f.sealId,
    });
  }, [facts.data, form]);
  if (!can(HR_DOC_PERM.contractSealEdit)) return <Result status="403" title="没有申请权限" />;
  const submit = async () => {
    // Invalid fields show their messages; a refused call shows the server's (the client's toast).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    const saved = await api(
      request.calls.add as CallDefinition,
      { ...v, contractStart: day(v.contractStart), contractEnd: day(v.contractEnd) } as RequestOf<CallDefinition>,
    )
      .catch(() => null)
      .finally(() => setSaving(false));
    if (!saved) return;
    const { id, documentNo } = saved as { id: number; documentNo: string };
    message.success(`已提交审批 ${documentNo}`);
    await qc.invalidateQueries({ queryKey: ['hrDocuments'] });
    navigate(`${request.detailPath}?id=${id}`, { replace: true });
  };
  return (
    <ScreenFrame>
      <Card title={request.title}>
        <Form
          form={form}
          name={`contract-${which}-form`}
          layout="vertical"
          initialValues={{ copies: which === 'seal' ? 2 : 1, sealType: '002' }}
          style={{ maxWidth: 720 }}
        >
          <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
            <EmployeeSelect />
          </Form.Item>
          <Space wrap size={16}>
            <Form.Item name="contractType" label="合同类型" rules={[{ required: true, message: '请选择合同类型' }]}>
              <Select style={{ width: 220 }} options={contractTypes} />
            </Form.Item>
            <Form.Item name="contractStart" label="合同起始日期" rules={[{ required: true, message: '请选择合同起始日期' }]}>
              <DatePicker />
            </Form.Item>
            <Form.Item
              name="contractEnd"
              label="合同终止日期"
              dependencies={['contractType', 'contractStart']}
              rules={[
                { required: contractType === '001', message: '固定期限合同请填写合同终止日期' },
                ({ getFieldValue }) => ({
                  validator: (_, end: Dayjs | null) =>
                    end && getFieldValue('contractStart') && end.isBefore(getFieldValue('contractStart'), 'day')
                      ? Promise.reject(new Error('合同终止日期不能早于合同起始日期'))
                      : Promise.resolve(),
                }),
              ]}
            >
              <DatePicker />
            </Form.Item>
            <Form.Item name="copies" label="份数" rules={[{ required: true, message: '请输入份数' }]}>
              <InputNumber min={1} max={10} precision={0} />
            </Form.Item>
          </Space>
          {which === 'seal' ? (
            <>
              <Form.Item name="sealType" label="印章类型" rules={[{ required: true, message: '请选择印章类型' }]}>
                <Select style={{ width: 220 }} options={sealTypes} />
              </Form.Item>
              <Form.Item name="purpose" label="用印事由" rules={[{ required: true, whitespace: true, message: '请输入用印事由' }]}>
                <Input maxLength={200} showCount />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="location" label="存放位置" rules={[{ required: true, whitespace: true, message: '请输入存放位置' }]}>
                <Input maxLength={100} placeholder="如：档案室 B-3 柜" />
              </Form.Item>
              <Form.Item name="sealId" hidden>
                <Input />
              </Form.Item>
              <Form.Item label="对应用印申请">{facts.data?.sealDocumentNo ?? '无'}</Form.Item>
            </>
          )}
          <Form.Item name="fileGroupId" label="合同文件" rules={[{ required: true, message: '请上传合同文件' }]}>
            <FileGroupField moduleName="hrContract" />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
          <Space>
            <Button type="primary" loading={saving} onClick={submit}>
              提交审批
            </Button>
            <Button onClick={() => navigate(-1)}>取消</Button>
          </Space>
        </Form>
      </Card>
    </ScreenFrame>
  );
}

export const ContractSealApplyScreen = () => <ContractApply which="seal" />;
export const ContractArchiveApplyScreen = () => <ContractApply which="archive" />;
