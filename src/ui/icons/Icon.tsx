import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { filled?: boolean; size?: number };

/** An icon drawn inline (so nothing is fetched from an icon service): one path on a 24 px grid, stroked, or filled. */
export function IconDrawing({ d, filled = false, size = 24, ...props }: IconProps & { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

/** The icons of the storefront's frame and product cards, which every page shows; a screen's own are ScreenIcon's, so a first load carries only these. */
const PATHS = {
  heart: 'M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.7 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.3 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z',
  heartBroken:
    'M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.7 4.5 7 4.5c2 0 3.4 1.1 5 3l-1.5 3 3 2-2 3 2.5-3-3-2 1.5-3c1.4-1.2 2.6-2 4.5-2 3.3 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z',
  cart: 'M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.7a1.5 1.5 0 0 0 1.4-1l2-6.3H6.2M9.5 20a1 1 0 1 0 0-.01M17 20a1 1 0 1 0 0-.01',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8.5c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM20 20l-4.8-4.8',
  menu: 'M4 7h16M4 12h16M4 17h16',
  star: 'M12 3.5l2.6 5.5 6 .7-4.5 4.1 1.2 5.9L12 16.8l-5.3 2.9 1.2-5.9-4.5-4.1 6-.7z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, ...props }: IconProps & { name: IconName }) {
  return <IconDrawing d={PATHS[name]} {...props} />;
}
