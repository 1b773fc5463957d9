import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const wrap = style({ overflowX: 'auto', borderRadius: vars.radius.md, background: vars.color.card, boxShadow: vars.shadow.card });

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const head = style({
  textAlign: 'left',
  padding: vars.space.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.inkSoft,
  fontWeight: 700,
  letterSpacing: '0.04em',
});

export const cell = style({ padding: vars.space.sm, borderTop: `1px solid ${vars.color.border}`, verticalAlign: 'middle' });

export const status = style({
  display: 'inline-block',
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accentHover,
  fontWeight: 600,
});

export const empty = style({ padding: vars.space.lg, color: vars.color.inkMuted, margin: 0 });

export const controls = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const iconButton = style({
  display: 'inline-flex',
  padding: vars.space.xs,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.inkSoft,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.dangerSoft, color: vars.color.danger },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

/** The order just placed: a tinted row with the accent on its edge. */
export const newRow = style({ background: vars.color.accentSoft, boxShadow: `inset 4px 0 0 ${vars.color.accent}` });

export const newBadge = style({
  display: 'inline-block',
  marginLeft: vars.space.xs,
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.04em',
});
