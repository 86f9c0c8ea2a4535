import { QuestionCircleOutlined } from '@ant-design/icons';
import { helpCalls } from '@erp/contract/modules/help';
import { useQuery } from '@tanstack/react-query';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../api/client';
import styles from './shell-layout.module.css';

/**
 * The "?" beside a screen's breadcrumb (issue 37): opens the help article written for the screen,
 * when there is one. One call per session for every screen's article (a few KB), kept for minutes.
 */
export function ScreenHelp({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const articles = useQuery({
    queryKey: ['help', 'screen-articles'],
    queryFn: () => api(helpCalls.helpScreenArticles, {}),
    staleTime: 5 * 60_000,
  });
  const article = articles.data?.find((a) => a.path === pathname);
  if (!article || pathname.startsWith('/helpCenter/')) return null;
  const label = t('header.screenHelp', { title: article.title });
  return (
    <Tooltip title={label}>
      <Link to={`/helpCenter/detail?id=${encodeURIComponent(article.slug)}`} className={styles.screenHelp} aria-label={label} data-testid="screen-help">
        <QuestionCircleOutlined />
      </Link>
    </Tooltip>
  );
}
