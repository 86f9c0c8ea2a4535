import styles from './count-badge.module.css';

/** A small red count (99+ above 99); nothing at 0. Hand-made: antd Badge is heavy for two header counters. */
export function CountBadge({ count, label }: { count: number; label?: string }) {
  if (!count || count <= 0) return null;
  return (
    <>
      <sup className={styles.badge} data-testid="count-badge" aria-hidden>
        {count > 99 ? '99+' : count}
      </sup>
      {label && <span className="sr-only">{`${label} ${count}`}</span>}
    </>
  );
}
