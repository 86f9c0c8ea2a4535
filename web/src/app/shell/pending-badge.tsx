import { useTranslation } from 'react-i18next';
import styles from './pending-badge.module.css';

/** "建设中" beside a tile or menu entry whose area is not built yet (see registry/pending.ts). */
export function PendingBadge() {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-testid="pending-badge">
      {t('placeholder.badge')}
    </span>
  );
}
