import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const title = style({ fontSize: vars.fontSize.xxl, marginBottom: vars.space.lg });
export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [media.large]: { gridTemplateColumns: '1fr 340px', alignItems: 'start' } },
});
export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const line = style({
  display: 'grid',
  gridTemplateColumns: '88px 1fr',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
  alignItems: 'center',
});
export const image = style({ width: '88px', height: '88px', objectFit: 'cover', borderRadius: vars.radius.sm });
export const lineBody = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  justifyContent: 'space-between',
});
export const name = style({ fontWeight: 600, color: vars.color.ink });
export const lineActions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
export const iconButton = style({
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  color: vars.color.accentHover,
  display: 'grid',
  placeItems: 'center',
  cursor: 'pointer',
});
export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
});
export const subtotal = style({ display: 'flex', justifyContent: 'space-between', fontWeight: 700, fontSize: vars.fontSize.lg });
export const message = style({ fontSize: vars.fontSize.lg, color: vars.color.inkSoft });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const alert = style({ margin: 0, color: vars.color.danger, fontWeight: 600 });
export const shade = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: `${vars.space.xxs} 0`,
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
});
export const switchShade = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginBottom: vars.space.xxs,
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
});
