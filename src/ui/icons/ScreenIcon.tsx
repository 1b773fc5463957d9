import type { ComponentProps } from 'react';
import { IconDrawing } from './Icon';

/** The icons only some screens show (dialogs, pagers, tables, the cart, the admin menu): in their chunks, not in the first load. */
const PATHS = {
  close: 'M6 6l12 12M18 6L6 18',
  chevronDown: 'M6 9l6 6 6-6',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  dashboard: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  box: 'M4 7.5L12 4l8 3.5v9L12 20l-8-3.5zM4 7.5l8 3.5 8-3.5M12 11v9',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  users: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9c.6-3.2 3-5 6-5s5.4 1.8 6 5M16 4.3a3.5 3.5 0 0 1 0 6.4M18 15c1.7.6 2.7 2.2 3 5',
} as const;

export type ScreenIconName = keyof typeof PATHS;

export function ScreenIcon({ name, ...props }: Omit<ComponentProps<typeof IconDrawing>, 'd'> & { name: ScreenIconName }) {
  return <IconDrawing d={PATHS[name]} {...props} />;
}
