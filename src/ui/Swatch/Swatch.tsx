import type { CSSProperties } from 'react';
import * as styles from './Swatch.css';

export interface SwatchProps {
  hex: string;
  size?: keyof typeof styles.swatch;
  /** Struck through: none of this shade is left. */
  soldOut?: boolean;
  className?: string;
}

/** A shade's colour as a round chip; decorative: the shade's name is said beside it. */
export function Swatch({ hex, size = 'md', soldOut = false, className }: SwatchProps) {
  const classes = [styles.swatch[size], soldOut && styles.soldOut, className].filter(Boolean).join(' ');
  return <span aria-hidden="true" className={classes} style={{ [styles.colour]: hex } as CSSProperties} />;
}
