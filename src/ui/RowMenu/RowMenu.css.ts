import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.inkSoft,
  cursor: 'pointer',
  selectors: { '&:hover, &[data-state="open"]': { background: vars.color.surfaceAlt, color: vars.color.ink } },
});

export const content = style({
  minWidth: '200px',
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  zIndex: 40,
});

export const item = style({
  display: 'flex',
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.ink,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.color.accentSoft },
    '&[data-disabled]': { color: vars.color.inkMuted, cursor: 'not-allowed' },
  },
});
