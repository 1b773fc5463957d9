import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const editor = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({ padding: 0, fontWeight: 600, fontSize: vars.fontSize.sm, color: vars.color.inkSoft });

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const shade = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  '@media': { [media.small]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 2fr) minmax(0, 1fr)' } },
});

export const shadeTitle = style({ margin: 0, fontSize: vars.fontSize.md, gridColumn: '1 / -1' });

export const colour = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.xs });

export const picker = style({
  flex: 'none',
  width: '44px',
  height: '44px',
  padding: 0,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  cursor: 'pointer',
});

export const wide = style({ gridColumn: '1 / -1' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, gridColumn: '1 / -1' });

export const note = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.fontSize.sm });
