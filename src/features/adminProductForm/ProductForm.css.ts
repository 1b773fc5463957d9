import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';
import { visuallyHidden } from '~/src/ui/theme/visuallyHidden.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: '820px' });

export const title = style({ fontSize: vars.fontSize.xxl, margin: 0 });

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
});

export const fields = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  '@media': { [media.small]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const legend = visuallyHidden;

export const wide = style({ '@media': { [media.small]: { gridColumn: '1 / -1' } } });

export const note = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.inkSoft,
  fontWeight: 600,
});

export const refusal = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 600,
});

export const count = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.fontSize.sm });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
