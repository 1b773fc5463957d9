import { useImageFailure } from '../useImageFailure';
import * as styles from './Avatar.css';

/** The user's photo, or their initial when there is none or it fails to load. */
export function Avatar({ src, name, size = 96 }: { src: string | null; name: string; size?: number }) {
  const { failed, ref, onError } = useImageFailure();
  const box = { width: size, height: size, fontSize: size / 2.4 };
  if (src && !failed) {
    return (
      // eslint-disable-next-line jsx-a11y/img-redundant-alt -- names what it is, a person's photo, as its initial's stand-in does
      <img
        ref={ref}
        className={styles.avatar}
        style={box}
        width={size}
        height={size}
        src={src}
        alt={`Photo of ${name}`}
        loading="lazy"
        decoding="async"
        onError={onError}
      />
    );
  }
  return (
    <span className={styles.avatar} style={box} role="img" aria-label={`Photo of ${name}`}>
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
