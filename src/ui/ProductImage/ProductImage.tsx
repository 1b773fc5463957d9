import { createContext, useContext, type ImgHTMLAttributes, type ReactNode } from 'react';
import { useImageFailure } from '../useImageFailure';

export const FALLBACK_IMAGE = '/images/fallback.svg';

/** The seeded pictures are 480 × 480 and every product picture is shown square: the size an image states before it arrives. */
export const PRODUCT_IMAGE_SIZE = 480;

const Priority = createContext(false);

/** The product pictures inside load first: for the page's largest picture, where a card places it (a carousel, a grid). */
export function PriorityImages({ children }: { children: ReactNode }) {
  return <Priority.Provider value>{children}</Priority.Provider>;
}

type ProductImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  /** The page's largest picture: fetched at once, before the others; every other picture waits until it nears the screen. */
  priority?: boolean;
};

/** A product picture, square, that turns into the fallback image when it fails to load. */
export function ProductImage({ src, alt, priority: asked, ...props }: ProductImageProps) {
  const inherited = useContext(Priority);
  const { failed, ref, onError } = useImageFailure();
  const loading =
    (asked ?? inherited) ? ({ loading: 'eager', fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
  return (
    <img
      ref={ref}
      src={failed ? FALLBACK_IMAGE : src}
      alt={alt}
      width={PRODUCT_IMAGE_SIZE}
      height={PRODUCT_IMAGE_SIZE}
      onError={onError}
      {...loading}
      {...props}
    />
  );
}
