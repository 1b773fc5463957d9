import { useCallback, useState } from 'react';

/**
 * Whether an image failed to load. A server-rendered image may fail before
 * React listens for its error, so the image is also asked once it is attached.
 */
export function useImageFailure() {
  const [failed, setFailed] = useState(false);
  const ref = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0 && image.getAttribute('src')) setFailed(true);
  }, []);
  return { failed, ref, onError: () => setFailed(true) };
}
