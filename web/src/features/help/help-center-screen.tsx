import { helpCalls } from '@erp/contract/modules/help';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../app/api/client';
import styles from './help.module.css';
import { langOf, SHORTCUTS } from './help-topics';
import './help-texts';

/** Optional contact of the support desk, set at build time (VITE_SUPPORT_CONTACT); none is invented. */
const SUPPORT_CONTACT = (import.meta.env.VITE_SUPPORT_CONTACT as string | undefined)?.trim();

/** /helpCenter/recept: search, the platform's sections with their topics, shortcuts and contact. */
export default function HelpCenterScreen() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const navigate = useNavigate();
  const categories = useQuery({ queryKey: ['help', 'categories'], queryFn: () => api(helpCalls.helpCategories, {}) });
  const articles = useQuery({ queryKey: ['help', 'articles', 'all'], queryFn: () => api(helpCalls.helpArticlePage, { pageIndex: 1, pageSize: 200 }) });
  const search = (q: string) => navigate(q.trim() ? `/helpCenter/list?q=${encodeURIComponent(q.trim())}` : '/helpCenter/list');

  return (
    <div className={styles.page} data-testid="help-center">
      <section className={styles.panel}>
        <h1>{t('help.title')}</h1>
        <p className={styles.muted}>{t('help.intro')}</p>
        <Input.Search
          aria-label={t('help.search')}
          placeholder={t('help.searchPlaceholder')}
          enterButton={t('help.search')}
          allowClear
          size="large"
          onSearch={search}
          style={{ maxWidth: 560 }}
        />
      </section>

      <section className={styles.panel} aria-labelledby="help-sections">
        <h2 id="help-sections">{t('help.sections')}</h2>
        {categories.isLoading ? (
          <Skeleton active />
        ) : (
          <ul className={styles.sections}>
            {(categories.data ?? []).map((c) => {
              const topics = (articles.data?.records ?? []).filter((a) => a.categoryId === c.id);
              return (
                <li key={c.id} className={styles.section} data-testid="help-section">
                  <h3>{c.name}</h3>
                  <p>{c.summary}</p>
                  <ul className={styles.topics}>
                    {topics.map((topic) => (
                      <li key={topic.id}>
                        <Link to={`/helpCenter/detail?id=${encodeURIComponent(topic.slug)}`}>{topic.title}</Link>
                      </li>
                    ))}
                  </ul>
                  <div className={styles.links}>
                    {c.path ? (
                      <Link to={c.path}>{t('help.goTo', { name: c.name })}</Link>
                    ) : (
                      <Link to={`/helpCenter/list?category=${c.id}`}>{t('help.allTopics')}</Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <p style={{ marginTop: 12 }}>
          <Link to="/helpCenter/list">{t('help.allTopics')}</Link>
        </p>
      </section>

      <section className={styles.panel} aria-labelledby="help-shortcuts">
        <h2 id="help-shortcuts">{t('help.shortcuts')}</h2>
        <table className={styles.table} data-testid="help-shortcuts">
          <thead>
            <tr>
              <th scope="col">{t('help.keys')}</th>
              <th scope="col">{t('help.action')}</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys}>
                <td>
                  <kbd>{s.keys}</kbd>
                </td>
                <td>{s.action[lang]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.panel} aria-labelledby="help-contact">
        <h2 id="help-contact">{t('help.contact')}</h2>
        <p className={styles.muted} data-testid="help-contact">
          {SUPPORT_CONTACT ? t('help.contactConfigured', { contact: SUPPORT_CONTACT }) : t('help.contactText')}
        </p>
        <Button onClick={() => navigate('/helpCenter/xiaodeAI')}>{t('help.ai.title')}</Button>
      </section>
    </div>
  );
}
