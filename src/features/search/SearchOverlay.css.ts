import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

/** Opaque in the page's own surface colour: nothing of the page below shows through the results. */
export const overlay = style({
  position: 'fixed',
  inset: `${vars.layout.navHeight} 0 0 0`,
  zIndex: 15,
  overflowY: 'auto',
  background: vars.color.surface,
  color: vars.color.ink,
  padding: `${vars.space.lg} ${vars.space.md}`,
});
export const inner = style({
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
export const head = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });
export const title = style({ fontSize: vars.fontSize.xl });
export const close = style({
  width: '44px',
  height: '44px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceAlt,
  display: 'grid',
  placeItems: 'center',
  cursor: 'pointer',
});
export const message = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft, margin: 0 });
