import { clampAmount } from '~/src/domain/cartLine';
import * as styles from './QuantityStepper.css';

/** A quantity from 1 up to stock, with − and + buttons. */
export function QuantityStepper({
  value,
  max,
  onChange,
  label,
}: {
  value: number;
  max: number;
  onChange(value: number): void;
  label: string;
}) {
  const set = (next: number) => onChange(clampAmount(next, max));
  return (
    <div className={styles.stepper} role="group" aria-label={label}>
      <button type="button" className={styles.button} onClick={() => set(value - 1)} disabled={value <= 1} aria-label="Decrease quantity">
        −
      </button>
      <output className={styles.value} aria-live="polite" aria-label="Quantity">
        {value}
      </output>
      <button type="button" className={styles.button} onClick={() => set(value + 1)} disabled={value >= max} aria-label="Increase quantity">
        +
      </button>
    </div>
  );
}
