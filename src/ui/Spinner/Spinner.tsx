import * as styles from './Spinner.css';

/** A loading indicator with a spoken label. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.wrapper} role="status" aria-label={label}>
      <span className={styles.ring} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
