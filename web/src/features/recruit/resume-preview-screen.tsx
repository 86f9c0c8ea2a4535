import { recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Spin, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api/client';
import { EDUCATION_NAMES, ResumeCompleteForm } from './resume-complete-form';

/**
 * One résumé by a signed, expiring link; no sign-in, nothing else of the product. With `edit=1` (the
 * link of candidate/generateReScreenOutChain) the candidate completes their own résumé instead.
 */
export default function ResumePreviewScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (params.get('edit') === '1') return <ResumeCompleteForm token={token} />;
  return <ResumePreview token={token} />;
}

function ResumePreview({ token }: { token: string }) {
  const { data, error, isLoading } = useQuery({
    queryKey: ['resume-preview', token],
    queryFn: () => api(recruitCalls.resumePreview, { token }, { silent: true }),
    enabled: !!token,
    retry: false,
  });
  if (!token || error) return <Result status="warning" title="链接已失效，请联系招聘专员重新发送" />;
  if (isLoading || !data) return <Spin style={{ display: 'block', margin: 80 }} />;
  return (
    <div style={{ maxWidth: 860, margin: '24px auto', padding: '0 12px' }}>
      <Card
        title={`${data.name} 的简历`}
        extra={<Typography.Text type="secondary">有效期至 {new Date(data.expiresAt).toLocaleString('zh-CN', { hour12: false })}</Typography.Text>}
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label="城市">{data.city ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="学历">{data.education ? EDUCATION_NAMES[data.education] : '—'}</Descriptions.Item>
          <Descriptions.Item label="工作年限">{data.years ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="当前职位">{[data.currentCompany, data.currentTitle].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="技能">
            {data.skills.map((s) => (
              <Tag key={s}>{s}</Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }} data-testid="resume-text">
          {data.text || '（无简历正文）'}
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
