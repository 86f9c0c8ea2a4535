import { recruitCalls } from '@erp/contract/modules/recruit';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Result, Spin, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api/client';

const EDUCATION: Record<string, string> = {
  '001': '博士研究生',
  '002': '硕士研究生',
  '003': '大学本科',
  '004': '大学专科',
  '005': '高中/中专',
  '006': '初中及以下',
};

/** One résumé by a signed, expiring link; no sign-in, nothing else of the product. */
export default function ResumePreviewScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
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
          <Descriptions.Item label="学历">{data.education ? EDUCATION[data.education] : '—'}</Descriptions.Item>
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
