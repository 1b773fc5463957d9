import 'keen-slider/keen-slider.min.css';
import { useKeenSlider, type KeenSliderPlugin } from 'keen-slider/react';
import { useRef, useState, type ReactNode } from 'react';
import { breakpoints } from '../theme/theme.css';
import { visuallyHidden } from '../theme/visuallyHidden.css';
import * as styles from './Carousel.css';

const AUTOPLAY_MS = 3500;

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

/** The home carousel: loops, centred, 2 per view from 640 px and 6 from 1024 px, clickable bullets, autoplay with a pause button. */
export function Carousel({ label, children }: { label: string; children: ReactNode[] }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(() => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const [ref, slider] = useKeenSlider<HTMLDivElement>(
    {
      loop: true,
      slides: { origin: 'center', perView: 1.2, spacing: 20 },
      breakpoints: {
        [`(min-width: ${breakpoints.small}px)`]: { slides: { origin: 'center', perView: 2, spacing: 20 } },
        [`(min-width: ${breakpoints.large}px)`]: { slides: { origin: 'center', perView: 6, spacing: 50 } },
      },
      slideChanged: (s) => setCurrent(s.track.details.rel),
    },
    [autoplay(() => pausedRef.current)],
  );
  const togglePause = () => {
    setPaused(!paused);
    slider.current?.update();
  };
  return (
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label}>
      <div ref={ref} className={`keen-slider ${styles.track}`}>
        {children.map((child, index) => (
          <div key={index} className="keen-slider__slide" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${children.length}`}>
            {child}
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <button type="button" className={styles.pause} onClick={togglePause}>
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
