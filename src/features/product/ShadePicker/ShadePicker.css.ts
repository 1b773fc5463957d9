import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const picker = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontWeight: 600, color: vars.color.ink });
export const swatches = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const option = style({
  position: 'relative',
  display: 'grid',
  placeItems: 'center',
  width: '44px',
  height: '44px',
  cursor: 'pointer',
});
/** The radio itself, over its swatch: clicked, focused and read as the native control it is. */
export const input = style({ position: 'absolute', inset: 0, zIndex: 1, margin: 0, opacity: 0, cursor: 'pointer' });
/** The chosen shade: a white ring inside a black one, seen on every colour. */
export const swatch = style({
  selectors: {
    [`${input}:checked + &`]: { outline: '2px solid #ffffff', outlineOffset: '0', boxShadow: '0 0 0 4px #000000' },
    [`${input}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '5px' },
  },
});
