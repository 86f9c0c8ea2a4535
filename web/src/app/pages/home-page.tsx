import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginInfo } from '../session/session-store';

/** /WorkBench/home: the back-office home (default home when no large-screen menu exists). */
export default function HomePage() {
  const { t } = useTranslation();
  const info = useLoginInfo();
  return (
    <Card>
      <Typography.Title level={2}>{t('home.title')}</Typography.Title>
      <Typography.Paragraph>{t('workbench.greeting', { name: info?.realName ?? '' })}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
    </Card>
  );
}
