import { Spinner } from '../Spinner/Spinner';
import * as styles from './Carousel.css';

/** A spinner in a box about the height of the carousel it waits for: a slide's square picture and what is under it. */
export function CarouselPending({ label }: { label: string }) {
  return (
    <div className={styles.pending}>
      <Spinner label={label} />
    </div>
  );
}
