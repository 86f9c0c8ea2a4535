import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** "No permission to access the data" with a go-back button (spec 000 §2 dialogs). Also usable inside screens. */
export function NoPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>403</h1>}
      subTitle={t('noPermission.text')}
      extra={<Button onClick={() => (history.length > 1 ? navigate(-1) : navigate('/'))}>{t('noPermission.back')}</Button>}
    />
  );
}

export default NoPermission;
