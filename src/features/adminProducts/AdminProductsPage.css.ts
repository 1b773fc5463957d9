import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const title = style({ fontSize: vars.fontSize.xxl });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const status = style({ display: 'inline-flex', alignItems: 'center' });

export const statusTone = styleVariants({
  available: [status, { color: vars.color.success }],
  disabled: [status, { color: vars.color.danger }],
});

/** A long word of a name may break, so the table fits its box at desktop width with every column. */
export const name = style({ overflowWrap: 'anywhere' });

/** The count and its flag may part where the column is narrow (a numeric cell keeps its text on one line). */
export const shades = style({ whiteSpace: 'normal' });

/** Said in words as well as marked, so the flag does not rest on colour. */
export const lowShades = style({
  display: 'inline-block',
  whiteSpace: 'nowrap',
  marginLeft: vars.space.xxs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});
