import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const base = style({ display: 'inline-flex', alignItems: 'baseline', flexWrap: 'wrap', gap: vars.space.xs });
export const price = styleVariants({
  md: [base, { fontSize: vars.fontSize.md }],
  lg: [base, { fontSize: vars.fontSize.xl }],
});
export const final = style({ fontWeight: 700, color: vars.color.ink });
export const old = style({ color: vars.color.inkMuted, fontSize: '0.85em' });
export const badge = style({
  alignSelf: 'center',
  padding: `1px ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});
