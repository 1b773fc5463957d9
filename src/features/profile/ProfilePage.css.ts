import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
});

export const who = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, flex: 1, minWidth: '200px' });

export const name = style({ fontSize: vars.fontSize.xxl });

export const email = style({ margin: 0, color: vars.color.inkSoft });

export const type = style({
  alignSelf: 'flex-start',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.ink,
  color: '#fff',
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: '0.06em',
});

export const section = style({ marginTop: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const sectionTitle = style({ fontSize: vars.fontSize.xl });

export const favorites = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  '@media': { [media.large]: { gridTemplateColumns: 'repeat(6, 1fr)' } },
});

export const favorite = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
  textDecoration: 'none',
  color: vars.color.ink,
  fontSize: vars.fontSize.sm,
});
