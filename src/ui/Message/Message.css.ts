import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const box = style({
  maxWidth: '560px',
  margin: `${vars.space.xxl} auto`,
  padding: vars.space.xl,
  textAlign: 'center',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
});

// A heading that takes the focus (focusTitle) is no control: it draws no focus ring.
export const title = style({ fontSize: vars.fontSize.display, color: vars.color.ink, outline: 'none' });

export const text = style({ margin: 0, color: vars.color.inkSoft, fontSize: vars.fontSize.lg });
