import { checkUntypedIdNumber } from '@erp/contract/identity';
import type { Duplicate, ResumeParsed } from '@erp/contract/modules/recruit';
import { recruitCalls } from '@erp/contract/modules/recruit';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { useDictSelect } from './shared';

/** Adds a talent: upload a PDF/DOCX résumé (text read on the server, fields prefilled), duplicates shown before saving. */
export function TalentUpload({ open, onClose, onSaved }: { open: boolean; onClose(): void; onSaved(): void }) {
  const [form] = Form.useForm();
  const [parsed, setParsed] = useState<ResumeParsed | null>(null);
  const [duplicates, setDuplicates] = useState<Duplicate[]>([]);
  const [busy, setBusy] = useState(false);
  const education = useDictSelect('EDUCATION');
  const sources = useDictSelect('RECRUITSOURCE');
  const reset = () => {
    form.resetFields();
    setParsed(null);
    setDuplicates([]);
  };
  const check = async () => {
    const v = form.getFieldsValue(['phone', 'email', 'idCardNo']);
    if (!v.phone && !v.email && !v.idCardNo) return setDuplicates([]);
    setDuplicates(await api(recruitCalls.talentCheckDuplicate, v));
  };
  return (
    <Modal
      open={open}
      title="新增人才"
      width={640}
      destroyOnHidden
      confirmLoading={busy}
      okText={duplicates.length ? '仍然保存' : '保存'}
      onCancel={() => {
        reset();
        onClose();
      }}
      onOk={async () => {
        const v = await form.validateFields();
        setBusy(true);
        try {
          await api(recruitCalls.talentSave, {
            ...v,
            skills: v.skills ?? [],
            resumeId: parsed?.resumeId ?? null,
            ignoreDuplicate: duplicates.length > 0,
          });
          reset();
          onSaved();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Upload
          accept=".pdf,.docx"
          maxCount={1}
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            try {
              const result = await api(recruitCalls.talentParseResume, { file } as never);
              setParsed(result);
              const f = result.fields;
              form.setFieldsValue({
                name: f.name ?? form.getFieldValue('name'),
                phone: f.phone ?? undefined,
                email: f.email ?? undefined,
                education: f.education ?? undefined,
                years: f.years ?? undefined,
                idCardNo: f.idCardNo ?? undefined,
              });
              setDuplicates(result.duplicates);
              onSuccess?.(result);
            } catch (err) {
              onError?.(err as Error);
            }
          }}
        >
          <Button>上传简历（PDF / DOCX）</Button>
        </Upload>
        {parsed && <Alert type="success" showIcon message={`已读取「${parsed.fileName}」，共 ${parsed.textLength} 字，已自动填写识别到的信息`} />}
        {duplicates.length > 0 && (
          <Alert
            type="warning"
            showIcon
            message="疑似重复"
            description={duplicates.map((d) => `${d.kind === 'employee' ? '员工' : '人才'} ${d.name}（${d.hint}）`).join('；')}
          />
        )}
        <Form form={form} name="talent-form" layout="vertical" initialValues={{ source: '001' }}>
          <Space wrap>
            <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="phone" label="手机号" rules={[{ pattern: /^1\d{10}$/, message: '手机号格式不正确' }]}>
              <Input maxLength={11} onBlur={check} />
            </Form.Item>
            <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
              <Input maxLength={128} onBlur={check} />
            </Form.Item>
            <Form.Item
              name="idCardNo"
              label="证件号"
              rules={[
                {
                  validator: async (_, value?: string) => {
                    const message = value ? checkUntypedIdNumber(value) : null;
                    if (message) throw new Error(message);
                  },
                },
              ]}
            >
              <Input maxLength={32} onBlur={check} />
            </Form.Item>
            <Form.Item name="city" label="城市">
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="education" label="学历">
              <Select style={{ width: 140 }} allowClear options={education} />
            </Form.Item>
            <Form.Item name="years" label="工作年限">
              <InputNumber min={0} max={60} />
            </Form.Item>
            <Form.Item name="expectedSalary" label="期望月薪（元）">
              <InputNumber min={0} precision={2} />
            </Form.Item>
            <Form.Item name="currentCompany" label="当前公司">
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="currentTitle" label="当前职位">
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="source" label="渠道">
              <Select style={{ width: 140 }} options={sources} />
            </Form.Item>
            <Form.Item name="skills" label="技能标签">
              <Select mode="tags" style={{ minWidth: 240 }} tokenSeparators={[',', '，', ' ']} />
            </Form.Item>
          </Space>
        </Form>
      </Space>
    </Modal>
  );
}
