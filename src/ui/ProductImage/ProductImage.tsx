import { useState, type ImgHTMLAttributes } from 'react';

export const FALLBACK_IMAGE = '/images/fallback.svg';

/** A product picture that turns into the fallback image when it fails to load. */
export function ProductImage({ src, alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return <img src={failed ? FALLBACK_IMAGE : src} alt={alt} onError={() => setFailed(true)} loading="lazy" decoding="async" {...props} />;
}
