import { starParts } from '~/src/domain/rating';
import { Icon } from '../icons/Icon';
import * as styles from './Stars.css';

/** A rating out of 5 in half steps, read out as a sentence. */
export function Stars({ rank, size = 16 }: { rank: number; size?: number }) {
  const { full, half, empty } = starParts(rank);
  return (
    <span className={styles.stars} role="img" aria-label={`Rated ${Math.round(rank * 2) / 2} out of 5`}>
      {Array.from({ length: full }, (_, i) => (
        <Icon key={`f${i}`} name="star" size={size} filled className={styles.on} />
      ))}
      {half && (
        <span className={styles.half} style={{ width: size, height: size }}>
          <Icon name="star" size={size} className={styles.off} />
          <span className={styles.halfFill} style={{ width: size / 2 }}>
            <Icon name="star" size={size} filled className={styles.on} />
          </span>
        </span>
      )}
      {Array.from({ length: empty }, (_, i) => (
        <Icon key={`e${i}`} name="star" size={size} className={styles.off} />
      ))}
    </span>
  );
}
