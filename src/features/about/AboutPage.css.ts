import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const intro = style({ maxWidth: '640px', margin: `0 auto ${vars.space.xl}`, textAlign: 'center' });

export const heading = style({ fontSize: vars.fontSize.display, marginBottom: vars.space.sm });

export const lead = style({ color: vars.color.inkSoft, fontSize: vars.fontSize.lg, margin: 0 });

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': {
    [media.small]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [media.large]: { gridTemplateColumns: 'repeat(4, 1fr)' },
  },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
  textAlign: 'center',
});

export const avatar = style({
  width: '88px',
  height: '88px',
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accentHover,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
});

export const name = style({ fontSize: vars.fontSize.xl, fontFamily: vars.font.display });

export const role = style({ margin: 0, color: vars.color.accentHover, fontWeight: 600 });

export const city = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.fontSize.sm });
