import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const title = style({ fontSize: vars.fontSize.xxl, marginBottom: vars.space.lg });
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  height: '100%',
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
  cursor: 'pointer',
});
export const image = style({ width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'cover', borderRadius: vars.radius.sm });
export const name = style({ fontWeight: 600, color: vars.color.ink, textDecoration: 'none' });
export const category = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.sm, textTransform: 'capitalize' });
export const actions = style({ display: 'flex', gap: vars.space.xs, marginTop: 'auto', flexWrap: 'wrap' });
export const empty = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft });
