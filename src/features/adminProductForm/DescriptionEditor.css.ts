import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const editor = style({
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  selectors: {
    '&:focus-within': { borderColor: vars.color.accent, outline: `2px solid ${vars.color.accentSoft}` },
    '&[data-invalid]': { borderColor: vars.color.danger },
  },
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tool = style({
  minHeight: '32px',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  border: `1px solid transparent`,
  background: 'transparent',
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[aria-pressed="true"]': { background: vars.color.accentSoft, color: vars.color.accentHover, borderColor: vars.color.accent },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&:disabled': { cursor: 'default', color: vars.color.inkMuted },
  },
});

export const content = style({
  minHeight: '160px',
  maxHeight: '420px',
  overflowY: 'auto',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  outline: 'none',
});

globalStyle(`${content} p`, { margin: `0 0 ${vars.space.xs}` });
