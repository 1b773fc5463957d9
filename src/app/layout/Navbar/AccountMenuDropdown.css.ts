import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const content = style({
  minWidth: '200px',
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  zIndex: 40,
});

export const heading = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.inkMuted,
});

export const item = style({
  display: 'flex',
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: 0,
  background: 'transparent',
  textAlign: 'left',
  textDecoration: 'none',
  color: vars.color.ink,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-highlighted]': { background: vars.color.accentSoft } },
});
