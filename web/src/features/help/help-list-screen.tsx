import { Empty, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import styles from './help.module.css';
import { findSection, findTopics, HELP_SECTIONS, langOf } from './help-topics';
import './help-texts';

/** /helpCenter/list: every help topic, filtered by section (?section=) and keywords (?q=), kept in the URL. */
export default function HelpListScreen() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const section = findSection(params.get('section'))?.key;
  const topics = findTopics(q, lang, section);

  const update = (next: { q?: string; section?: string }) => {
    const merged = { q, section: section ?? '', ...next };
    const entries = Object.entries(merged).filter(([, v]) => v);
    setParams(new URLSearchParams(entries), { replace: true });
  };

  return (
    <div className={styles.page}>
      <section className={styles.panel}>
        <h1>{t('help.listTitle')}</h1>
        <div className={styles.toolbar}>
          <Input.Search
            key={q}
            defaultValue={q}
            aria-label={t('help.search')}
            placeholder={t('help.searchPlaceholder')}
            allowClear
            onSearch={(value) => update({ q: value.trim() })}
            style={{ maxWidth: 360 }}
          />
          <Select
            aria-label={t('help.section')}
            value={section ?? ''}
            onChange={(value) => update({ section: value })}
            style={{ minWidth: 180 }}
            options={[{ value: '', label: t('help.allSections') }, ...HELP_SECTIONS.map((s) => ({ value: s.key, label: s.title[lang] }))]}
          />
          <span className={styles.muted} style={{ margin: 0 }} aria-live="polite">
            {t('help.count', { count: topics.length })}
          </span>
        </div>
        {topics.length ? (
          <ul className={styles.topics} data-testid="help-topics">
            {topics.map((topic) => (
              <li key={topic.id}>
                <Link to={`/helpCenter/detail?id=${topic.id}`}>{topic.title[lang]}</Link>
                <p>{topic.body[lang][0]}</p>
              </li>
            ))}
          </ul>
        ) : (
          <Empty description={t('help.noTopics')} />
        )}
      </section>
    </div>
  );
}
