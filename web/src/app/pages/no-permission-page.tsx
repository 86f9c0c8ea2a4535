import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { closeTabs } from '../shell/tabs-store';

/** "No permission to access the data" with a go-back button (spec 000 §2 dialogs). Also usable inside screens. */
export function NoPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Going back also closes the refused page's tab: a kept-alive 403 is no page to return to.
  const back = async () => {
    await (history.length > 1 ? navigate(-1) : navigate('/'));
    closeTabs([pathname]);
  };
  return (
    <Result
      status="403"
      title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>403</h1>}
      subTitle={t('noPermission.text')}
      extra={<Button onClick={() => void back()}>{t('noPermission.back')}</Button>}
    />
  );
}

export default NoPermission;
