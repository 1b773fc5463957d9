import 'keen-slider/keen-slider.min.css';
import KeenSlider, { type KeenSliderInstance, type KeenSliderOptions, type KeenSliderPlugin } from 'keen-slider';
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { PriorityImages } from '../ProductImage/ProductImage';
import { visuallyHidden } from '../theme/visuallyHidden.css';
import * as styles from './Carousel.css';
import { VIEWS, viewQuery, type View } from './views';

const AUTOPLAY_MS = 3500;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** keen-slider's autoplay recipe: moves every 3.5 s, pauses while the mouse is over it or while paused. */
function autoplay(paused: () => boolean): KeenSliderPlugin {
  return (slider) => {
    let timeout: ReturnType<typeof setTimeout>;
    let mouseOver = false;
    const next = () => {
      clearTimeout(timeout);
      if (mouseOver || paused()) return;
      timeout = setTimeout(() => slider.next(), AUTOPLAY_MS);
    };
    slider.on('created', () => {
      slider.container.addEventListener('mouseenter', () => {
        mouseOver = true;
        clearTimeout(timeout);
      });
      slider.container.addEventListener('mouseleave', () => {
        mouseOver = false;
        next();
      });
      next();
    });
    slider.on('dragStarted', () => clearTimeout(timeout));
    slider.on('animationEnded', next);
    slider.on('updated', next);
    slider.on('destroyed', () => clearTimeout(timeout));
  };
}

const slidesOf = ({ perView, spacing }: View) => ({ origin: 'center', perView, spacing }) as const;
const [narrowest, ...wider] = VIEWS;
const OPTIONS: KeenSliderOptions = {
  selector: `.${styles.slide}`,
  loop: true,
  slides: slidesOf(narrowest!),
  breakpoints: Object.fromEntries(wider.map((view) => [viewQuery(view), { slides: slidesOf(view) }])),
};

/** Where keen-slider first puts slide `index` of `count`: the first half to the right of the first slide, the rest looped round to its left. */
const placeOf = (index: number, count: number) => (index * 2 > count ? index - count : index);

/** The shopper's reduced-motion wish; false on the server and while hydrating, which must render what the server did. */
function useReducedMotion() {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * The home carousel: loops, centred, 2 per view from 640 px and 6 from 1024 px, clickable bullets, autoplay with a pause button.
 * Its slides are laid out as keen-slider will lay them out before it starts, so its start moves nothing.
 * `priorityFirst` when the first slide holds the page's largest picture.
 */
export function Carousel({ label, priorityFirst = false, children }: { label: string; priorityFirst?: boolean; children: ReactNode[] }) {
  const [current, setCurrent] = useState(0);
  const reducedMotion = useReducedMotion();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const paused = chosen ?? reducedMotion;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const ref = useRef<HTMLDivElement>(null);
  const slider = useRef<KeenSliderInstance | null>(null);
  // keen-slider's own build, started here, rather than its React build (the same slider with a hook round it): lighter on the first load.
  useEffect(() => {
    const started = new KeenSlider(ref.current!, { ...OPTIONS, slideChanged: (s) => setCurrent(s.track.details.rel) }, [
      autoplay(() => pausedRef.current),
    ]);
    slider.current = started;
    return () => {
      started.destroy();
      slider.current = null;
    };
  }, []);
  // Autoplay asks again whenever pausing changes, the shopper's choice or their reduced-motion wish known after hydrating.
  useEffect(() => {
    slider.current?.update();
  }, [paused]);
  return (
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label}>
      <div ref={ref} className={`keen-slider ${styles.track}`}>
        {children.map((child, index) => (
          <div
            key={index}
            className={styles.slide}
            style={{ [styles.slideIndex]: index, [styles.slidePlace]: placeOf(index, children.length) } as CSSProperties}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${children.length}`}
          >
            {priorityFirst && index === 0 ? <PriorityImages>{child}</PriorityImages> : child}
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <button type="button" className={styles.pause} onClick={() => setChosen(!paused)}>
          {paused ? 'Play' : 'Pause'}
          <span className={visuallyHidden}> {label}</span>
        </button>
        <div className={styles.bullets}>
          {children.map((_, index) => (
            <button
              key={index}
              type="button"
              className={styles.bullet}
              aria-label={`Go to slide ${index + 1}`}
              aria-current={current === index}
              onClick={() => slider.current?.moveToIdx(index)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
