import { Button } from '../Button/Button';
import * as styles from './ErrorState.css';

/** Where a load that failed would have shown its content: what failed, and a Retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className={styles.box} role="alert">
      <p className={styles.text}>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
