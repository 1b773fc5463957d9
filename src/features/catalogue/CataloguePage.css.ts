import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});
export const title = style({ fontSize: vars.fontSize.xxl, textTransform: 'capitalize' });
export const tools = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const select = style({
  height: '44px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
});
export const label = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: vars.color.inkSoft,
});
export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [media.large]: { display: 'flex', alignItems: 'flex-start' } },
});
/** The products take the width the filters leave, whatever their content: sized by it, the grid widened as its pictures loaded. */
export const results = style({ flex: '1 1 0', minWidth: 0 });
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
  '@media': { [media.large]: { width: '260px', flexShrink: 0 } },
});
export const prices = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm });
export const input = style([select, { width: '100%' }]);
export const checkbox = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const notFound = style({
  margin: `0 0 ${vars.space.md}`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.accentHover,
  fontWeight: 600,
});
export const pagination = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  marginTop: vars.space.xl,
});
export const count = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.inkMuted });
