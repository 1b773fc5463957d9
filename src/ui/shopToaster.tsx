import { useEffect, useState } from 'react';
import { Toaster, toast } from 'sonner';
import { DEFAULT_TOAST_MS } from '../domain/constants';

// Loaded with the first toast (toast.ts), so the header's measuring stays out of the first load.
export { toast };

/** Between the header and the toasts. */
const GAP_PX = 12;

/**
 * The sticky header's height as it is now, followed as it changes: on a
 * phone its search field wraps to a second row. Undefined without a header
 * (a story of the toaster alone), where sonner's own offset stays.
 */
function useHeaderHeight(): number | undefined {
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header) return;
    const observer = new ResizeObserver(() => setHeight(header.getBoundingClientRect().height));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * Sonner's toaster as the shop shows it: top-centre, just below the header,
 * which a toast as wide as a phone's screen would otherwise cover (the Cart
 * link, the search field), with a close button.
 */
export function ShopToaster() {
  const headerHeight = useHeaderHeight();
  const below = headerHeight === undefined ? undefined : { top: headerHeight + GAP_PX };
  return <Toaster position="top-center" offset={below} mobileOffset={below} duration={DEFAULT_TOAST_MS} closeButton />;
}
