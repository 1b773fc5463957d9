import type { ReactNode } from 'react';
import * as styles from './ProductGrid.css';

/** A responsive grid of product cards, as a list. */
export function ProductGrid({ label, children }: { label: string; children: ReactNode[] }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children.map((child, index) => (
        <li key={index}>{child}</li>
      ))}
    </ul>
  );
}
