import { useEffect, useState } from 'react';
import { isBlockedPriceKey, parsePrice, sanitizePriceInput } from '~/src/domain/priceFilter';
import * as styles from './CataloguePage.css';

/** A price bound: e, minus and plus blocked, leading zeros stripped, 0..100000; applied on Enter or when leaving the field. */
export function PriceInput({ label, value, onApply }: { label: string; value: number | null; onApply(value: number | null): void }) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const apply = () => onApply(parsePrice(text));
  return (
    <label className={styles.label}>
      {label}
      <input
        className={styles.input}
        type="number"
        inputMode="decimal"
        min={0}
        max={100000}
        value={text}
        onKeyDown={(event) => {
          if (isBlockedPriceKey(event.key)) event.preventDefault();
          if (event.key === 'Enter') apply();
        }}
        onChange={(event) => setText(sanitizePriceInput(event.target.value))}
        onBlur={apply}
      />
    </label>
  );
}
