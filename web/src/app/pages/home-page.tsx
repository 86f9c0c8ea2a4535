import { Menu } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocalTitle } from '../i18n';
import type { NavItem } from '../registry/menu-routes';
import { isPendingRoute } from '../registry/pending';
import { hasBackOfficeEntry } from '../session/session-store';
import { MenuIcon } from '../shell/menu-icon';
import { toMenuItems } from '../shell/nav-menu-items';
import { PendingBadge } from '../shell/pending-badge';
import { useShellSession } from '../shell/session-context';
import styles from './home-page.module.css';
import { NoPermission } from './no-permission-page';

/** Screens of the back office that the menus file under the front (e.g. the process designer). */
const BACK_OFFICE_FRONT_KEYS = ['/CustomBpmn/index'];

const leaves = (items: readonly NavItem[]): NavItem[] => items.flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

/** /WorkBench/home: the back office's sections with their screens, and a menu of them at the side. */
export default function HomePage() {
  const { t } = useTranslation();
  const title = useLocalTitle();
  const navigate = useNavigate();
  const { info, nav, menuRoutes } = useShellSession();
  const sections = useMemo(() => {
    const back = new Set(menuRoutes.filter((r) => r.appType !== 'front' || BACK_OFFICE_FRONT_KEYS.includes(r.path)).map((r) => r.path));
    const top = nav.filter((n) => back.has(n.key));
    const groups = top.filter((n) => n.children?.length);
    const single = top.filter((n) => !n.children?.length);
    return single.length ? [...groups, { key: '#other', title: t('home.other'), icon: null, menuId: 0, name: 'other', children: single }] : groups;
  }, [nav, menuRoutes, t]);
  if (!hasBackOfficeEntry(info)) return <NoPermission />;
  return (
    <div className={styles.layout}>
      {sections.length > 0 && (
        <nav className={styles.menu} aria-label={t('home.menu')} data-testid="home-menu">
          <Menu
            mode="inline"
            items={toMenuItems(sections, title)}
            defaultOpenKeys={sections.map((s) => s.key)}
            selectable={false}
            onClick={({ key }) => navigate(key)}
          />
        </nav>
      )}
      <div className={styles.main}>
        <section className={styles.intro}>
          <h1 className={styles.title}>{t('home.title')}</h1>
          <p>{t('workbench.greeting', { name: info.realName || info.user_name })}</p>
          <p className={styles.muted}>{sections.length ? t('home.intro') : t('home.empty')}</p>
        </section>
        {sections.map((s) => (
          <section key={s.key} className={styles.section} aria-labelledby={`home-${s.menuId}`} data-testid="home-section">
            <h2 id={`home-${s.menuId}`} className={styles.sectionTitle}>
              {title(s.title)}
            </h2>
            <ul className={styles.links}>
              {leaves(s.children ?? []).map((l) => (
                <li key={l.key}>
                  <Link to={l.key} className={styles.link}>
                    <MenuIcon name={l.icon} />
                    <span>{title(l.title)}</span>
                    {isPendingRoute(l.key, l.component) && <PendingBadge />}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
