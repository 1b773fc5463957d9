import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const group = style({ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const legend = style({ padding: 0, fontWeight: 600 });
/** The stars drawn once; the ten half-star choices lie over them. */
export const stars = style({ position: 'relative', display: 'inline-flex', width: 'fit-content' });
export const choices = style({ position: 'absolute', inset: 0, display: 'flex' });
export const choice = style({
  position: 'relative',
  flex: 1,
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: { '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
/** Each radio covers its half star, unseen: a pointer picks it where the star is drawn. */
export const radio = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', margin: 0, opacity: 0, cursor: 'pointer' });
