import { RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AI_ASSISTANT_PATH } from './layout-rules';
import styles from './shell-layout.module.css';

/** Floating AI assistant entry (spec 000 §2), shown by the layout on the workbench and help pages. */
export function AiFloat() {
  const { t } = useTranslation();
  return (
    <aside aria-label={t('ai.entry')}>
      <Link to={AI_ASSISTANT_PATH} className={styles.aiFloat} aria-label={t('ai.title')} data-testid="ai-float">
        <RobotOutlined aria-hidden />
        <span>{t('ai.entry')}</span>
      </Link>
    </aside>
  );
}
