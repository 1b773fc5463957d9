import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.xl,
  textAlign: 'center',
});

export const text = style({ margin: 0, color: vars.color.inkSoft, fontSize: vars.fontSize.lg });
