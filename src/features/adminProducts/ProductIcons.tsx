import type { SVGProps } from 'react';

const base = (size: number): SVGProps<SVGSVGElement> => ({
  viewBox: '0 0 24 24',
  width: size,
  height: size,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
});

/** A product shoppers can buy: a ticked circle. */
export const AvailableIcon = ({ size = 22 }: { size?: number }) => (
  <svg {...base(size)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.5 2.5L16 9.5" />
  </svg>
);

/** A disabled product: a barred circle. */
export const BlockedIcon = ({ size = 22 }: { size?: number }) => (
  <svg {...base(size)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M5.6 5.6l12.8 12.8" />
  </svg>
);
