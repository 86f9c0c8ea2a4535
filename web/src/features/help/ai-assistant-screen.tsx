import { RobotOutlined } from '@ant-design/icons';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import styles from './help.module.css';
import { HELP_TOPICS, langOf } from './help-topics';
import './help-texts';

/**
 * /helpCenter/xiaodeAI. The specification names an AI assistant page but no AI service, so this
 * page says plainly that the assistant is not configured and never makes up answers: a question
 * typed here searches the help centre instead.
 */
export default function AiAssistantScreen() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const navigate = useNavigate();
  const [question, setQuestion] = useState('');
  const searchHelp = () => navigate(question.trim() ? `/helpCenter/list?q=${encodeURIComponent(question.trim())}` : '/helpCenter/list');

  return (
    <div className={styles.page}>
      <section className={`${styles.panel} ${styles.chat}`} data-testid="ai-assistant">
        <h1>
          <RobotOutlined aria-hidden /> {t('help.ai.title')}
        </h1>
        <Alert type="info" showIcon title={t('help.ai.notConfigured')} description={t('help.ai.notConfiguredText')} data-testid="ai-not-configured" />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            searchHelp();
          }}
          className={styles.toolbar}
        >
          <label htmlFor="ai-question" className="sr-only">
            {t('help.ai.ask')}
          </label>
          <Input
            id="ai-question"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder={t('help.ai.askPlaceholder')}
            maxLength={200}
            style={{ maxWidth: 480 }}
          />
          <Button type="primary" htmlType="submit">
            {t('help.ai.searchHelp')}
          </Button>
        </form>
      </section>
      <section className={styles.panel} aria-labelledby="ai-suggestions">
        <h2 id="ai-suggestions">{t('help.ai.suggestions')}</h2>
        <ul className={styles.topics}>
          {HELP_TOPICS.slice(0, 5).map((topic) => (
            <li key={topic.id}>
              <Link to={`/helpCenter/detail?id=${topic.id}`}>{topic.title[lang]}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
