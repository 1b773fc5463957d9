import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const avatar = style({
  borderRadius: '50%',
  objectFit: 'cover',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accentHover,
  fontFamily: vars.font.display,
  fontWeight: 700,
  flexShrink: 0,
});
