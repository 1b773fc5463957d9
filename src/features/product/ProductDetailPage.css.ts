import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [media.small]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
});
export const image = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceAlt,
});
export const info = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const brand = style({
  margin: 0,
  color: vars.color.inkMuted,
  textTransform: 'capitalize',
  letterSpacing: '0.02em',
  fontSize: vars.fontSize.sm,
});
export const name = style({ fontSize: vars.fontSize.display });
export const rating = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.inkSoft });
export const buy = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });
export const favorite = style({
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  color: vars.color.accent,
  display: 'grid',
  placeItems: 'center',
  cursor: 'pointer',
});
export const description = style({ color: vars.color.inkSoft, lineHeight: 1.7 });
export const stock = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.fontSize.sm });
export const related = style({ marginTop: vars.space.xxl, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const relatedTitle = style({ fontSize: vars.fontSize.xxl });
/** An Admin's view of a disabled product: said before anything else about buying it. */
export const disabledBanner = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 700,
});
