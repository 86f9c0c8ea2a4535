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
  // The article's title only in the tooltip: as part of the link's name it would make every link
  // named like the screen (费用报销) ambiguous for assistive technology and tests alike.
  return (
    <Tooltip title={t('header.screenHelpTitle', { title: article.title })}>
      <Link
        to={`/helpCenter/detail?id=${encodeURIComponent(article.slug)}`}
        className={styles.screenHelp}
        aria-label={t('header.screenHelp')}
        data-testid="screen-help"
      >
        <QuestionCircleOutlined />
      </Link>
    </Tooltip>
  );
}
