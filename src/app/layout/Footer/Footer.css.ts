import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const footer = style({
  marginTop: vars.space.xxl,
  background: vars.color.ink,
  color: '#f7ede8',
});

export const inner = style({
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [media.small]: { gridTemplateColumns: '1fr 1fr', alignItems: 'end' } },
});

export const brand = style({ fontFamily: vars.font.display, fontSize: vars.fontSize.xxl, color: '#f4c6d4', margin: 0 });

export const muted = style({ margin: 0, color: '#d9c8cf' });

export const contact = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  fontStyle: 'normal',
  '@media': { [media.small]: { textAlign: 'right' } },
});

export const contactLink = style({ color: '#ffffff', fontWeight: 600 });
