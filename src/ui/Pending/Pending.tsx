import { Spinner } from '../Spinner/Spinner';
import * as styles from './Pending.css';

/**
 * A spinner holding a screen's height for the content it waits for (a page,
 * a grid of products, all taller than that), so what follows it, the footer,
 * stays below the fold instead of showing and then being pushed down.
 */
export function Pending({ label }: { label: string }) {
  return (
    <div className={styles.pending}>
      <Spinner label={label} />
    </div>
  );
}
