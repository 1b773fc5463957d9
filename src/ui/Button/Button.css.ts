import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  border: '1px solid transparent',
  fontWeight: 600,
  letterSpacing: '0.02em',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease, border-color 150ms ease',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

export const button = styleVariants({
  primary: [
    base,
    {
      background: vars.color.accent,
      color: vars.color.accentInk,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.accentHover } },
    },
  ],
  secondary: [
    base,
    {
      background: 'transparent',
      color: vars.color.accent,
      borderColor: vars.color.accent,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.accentSoft } },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: vars.color.ink,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceAlt } },
    },
  ],
});

export type ButtonVariant = keyof typeof button;
