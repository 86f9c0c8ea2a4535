import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import styles from './help.module.css';
import { findSection, findTopic, HELP_TOPICS, langOf } from './help-topics';
import './help-texts';

/** /helpCenter/detail?id=: one help topic, its steps, the screen it is about and related topics. */
export default function HelpDetailScreen() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const [params] = useSearchParams();
  const topic = findTopic(params.get('id'));
  const back = <Link to="/helpCenter/list">{t('help.back')}</Link>;

  if (!topic) {
    return (
      <div className={styles.page}>
        <section className={styles.panel}>
          <Empty description={t('help.notFound')} />
          <p style={{ textAlign: 'center' }}>{back}</p>
        </section>
      </div>
    );
  }
  const section = findSection(topic.section);
  const related = HELP_TOPICS.filter((x) => x.section === topic.section && x.id !== topic.id);
  return (
    <div className={styles.page}>
      <article className={`${styles.panel} ${styles.article}`} data-testid="help-article">
        <p className={styles.muted}>{section?.title[lang]}</p>
        <h1>{topic.title[lang]}</h1>
        <ol>
          {topic.body[lang].map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        <div className={styles.links}>
          {topic.path && section && <Link to={topic.path}>{t('help.goTo', { name: section.title[lang] })}</Link>}
          {back}
        </div>
      </article>
      {related.length > 0 && (
        <section className={styles.panel} aria-labelledby="help-related">
          <h2 id="help-related">{t('help.topics')}</h2>
          <ul className={styles.topics}>
            {related.map((x) => (
              <li key={x.id}>
                <Link to={`/helpCenter/detail?id=${x.id}`}>{x.title[lang]}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
