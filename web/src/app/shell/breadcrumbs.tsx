import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalTitle } from '../i18n';
import { ScreenHelp } from './screen-help';
import styles from './shell-layout.module.css';

/** Home / …menu trail… / current page, and the page's help when it has an article. */
export function Breadcrumbs({ items, pathname }: { items: ReadonlyArray<{ key: string; title: string }>; pathname: string }) {
  const { t } = useTranslation();
  const title = useLocalTitle();
  return (
    <nav aria-label={t('header.breadcrumb')} className={styles.crumbs} data-testid="breadcrumb">
      <ol>
        <li>
          <Link to="/">{t('header.home')}</Link>
        </li>
        {items
          .filter((item) => item.key !== '/WorkBench/index')
          .map((item, i, shown) => (
            <li key={item.key} aria-current={i === shown.length - 1 ? 'page' : undefined}>
              {title(item.title)}
            </li>
          ))}
      </ol>
      <ScreenHelp pathname={pathname} />
    </nav>
  );
}
