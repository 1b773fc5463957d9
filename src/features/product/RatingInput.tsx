import { useId, useState } from 'react';
import { RATING_CHOICES } from '~/src/domain/rating';
import { Stars } from '~/src/ui/Stars/Stars';
import { visuallyHidden } from '~/src/ui/theme/visuallyHidden.css';
import * as styles from './RatingInput.css';

const starsLabel = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

/**
 * Five stars chosen in half steps (0.5 to 5): a group of ten radios laid over
 * the stars, so a pointer picks a half star and the arrow keys move by half a star.
 */
export function RatingInput({
  legend,
  value,
  onChange,
  size = 32,
}: {
  legend: string;
  value: number | null;
  onChange(rating: number): void;
  size?: number;
}) {
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <span className={styles.stars} onMouseLeave={() => setHovered(null)}>
        <span aria-hidden="true">
          <Stars rank={hovered ?? value ?? 0} size={size} />
        </span>
        <span className={styles.choices}>
          {RATING_CHOICES.map((rating) => (
            <label key={rating} className={styles.choice} onMouseEnter={() => setHovered(rating)}>
              <input
                className={styles.radio}
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
              />
              <span className={visuallyHidden}>{starsLabel(rating)}</span>
            </label>
          ))}
        </span>
      </span>
    </fieldset>
  );
}
