import { RESCREEN_TEXT_MAX, type ReScreenInfo, recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Result, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../app/api/client';
import { ApiError } from '../../app/api/errors';

/** Education codes (dictionary EDUCATION); a page without an account cannot read the dictionaries. */
export const EDUCATION_NAMES: Record<string, string> = {
  '001': '博士研究生',
  '002': '硕士研究生',
  '003': '大学本科',
  '004': '大学专科',
  '005': '高中/中专',
  '006': '初中及以下',
};

const EXPIRED = '链接已失效，请联系招聘专员重新发送';

/**
 * The candidate completes or corrects their résumé through the signed link of
 * candidate/generateReScreenOutChain (/ResumePreview?token=…&edit=1): no account, their own data
 * only; an expired or altered link reads and writes nothing. Errors are shown here (the calls are
 * silent: a 401 on this page must not send a stranger to the sign-in page).
 */
export function ResumeCompleteForm({ token }: { token: string }) {
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<ReScreenInfo | null>(null);
  const {
    data,
    error: loadError,
    isLoading,
  } = useQuery({
    queryKey: ['resume-complete', token],
    queryFn: () => api(recruitCalls.resumeReScreenInfo, { token }, { silent: true }),
    enabled: !!token,
    retry: false,
  });
  if (!token || loadError) {
    const message = loadError instanceof ApiError && loadError.status !== 401 ? loadError.message : EXPIRED;
    return <Result status="warning" title={message} data-testid="complete-refused" />;
  }
  if (isLoading || !data) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (saved)
    return (
      <Result
        status="success"
        title="简历已提交，感谢您的完善"
        subTitle="招聘专员会尽快与您联系；链接有效期内仍可再次修改。"
        extra={<Button onClick={() => setSaved(null)}>继续修改</Button>}
        data-testid="complete-done"
      />
    );
  // A parsed résumé longer than the form takes is kept as it is (the text is then not sent).
  const textEditable = data.text.length <= RESCREEN_TEXT_MAX;
  return (
    <div style={{ maxWidth: 720, margin: '24px auto', padding: '0 12px' }}>
      <Card
        title="完善个人简历"
        extra={<Typography.Text type="secondary">有效期至 {new Date(data.expiresAt).toLocaleString('zh-CN', { hour12: false })}</Typography.Text>}
      >
        <Typography.Paragraph type="secondary">请核对并补充以下信息，提交后招聘专员即可看到最新内容。</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="complete-error" />}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ ...data, text: textEditable ? data.text : undefined }}
          onFinish={async (v) => {
            setSaving(true);
            setError(null);
            try {
              const info = { ...v, skills: v.skills ?? [], ...(textEditable ? {} : { text: undefined }) };
              const after = await api(recruitCalls.resumeReScreenSave, { token, info }, { silent: true });
              form.setFieldsValue({ ...after, text: textEditable ? after.text : undefined });
              setSaved(after);
            } catch (err) {
              setError(err instanceof ApiError ? (err.status === 401 ? EXPIRED : err.message) : '提交失败，请稍后重试');
            } finally {
              setSaving(false);
            }
          }}
        >
          <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: 32 }]}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="gender" label="性别">
            <Select
              allowClear
              options={[
                { value: '1', label: '男' },
                { value: '2', label: '女' },
              ]}
            />
          </Form.Item>
          <Form.Item name="phone" label="手机号" rules={[{ pattern: /^1\d{10}$/, message: '手机号格式不正确' }]}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item name="city" label="现居城市">
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="education" label="最高学历">
            <Select allowClear options={Object.entries(EDUCATION_NAMES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="years" label="工作年限">
            <InputNumber min={0} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="currentCompany" label="当前公司">
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="currentTitle" label="当前职位">
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="expectedSalary" label="期望月薪（元）">
            <InputNumber min={0} max={100_000_000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="skills" label="技能" extra="输入后回车，最多30项">
            <Select mode="tags" maxCount={30} tokenSeparators={[',', '，', '、']} />
          </Form.Item>
          {textEditable ? (
            <Form.Item name="text" label="简历正文（工作经历、项目经验等）">
              <Input.TextArea rows={8} maxLength={RESCREEN_TEXT_MAX} showCount />
            </Form.Item>
          ) : (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message="简历正文较长，已按您上传的简历保存；如需修改请联系招聘专员。" />
          )}
          <Button type="primary" htmlType="submit" loading={saving} block>
            提交
          </Button>
        </Form>
      </Card>
    </div>
  );
}
