import type { ReactNode } from 'react';
import { PriorityImages } from '../ProductImage/ProductImage';
import * as styles from './ProductGrid.css';

/** A responsive grid of product cards, as a list; `priorityFirst` when the first card's picture is the page's largest. */
export function ProductGrid({ label, priorityFirst = false, children }: { label: string; priorityFirst?: boolean; children: ReactNode[] }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children.map((child, index) => (
        <li key={index}>{priorityFirst && index === 0 ? <PriorityImages>{child}</PriorityImages> : child}</li>
      ))}
    </ul>
  );
}
