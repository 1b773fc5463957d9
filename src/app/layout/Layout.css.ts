import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const shell = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });

export const main = style({
  flex: 1,
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md}`,
});

export const skipLink = style({
  position: 'absolute',
  left: vars.space.md,
  top: '-60px',
  zIndex: 100,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.ink,
  color: '#fff',
  borderRadius: vars.radius.sm,
  ':focus': { top: vars.space.xs },
});
