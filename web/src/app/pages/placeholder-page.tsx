import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalTitle } from '../i18n';

/** Shown for routes whose screens a later module builds (names the area that provides it). */
export default function PlaceholderPage({ area, title }: { area: string; title: string }) {
  const { t } = useTranslation();
  const local = useLocalTitle();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={local(title)}
      subTitle={
        <>
          <div data-testid="placeholder">{t('placeholder.text', { area: local(area) })}</div>
          <div>{t('placeholder.hint')}</div>
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
