import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm, color: vars.color.inkSoft });

export const input = style({
  height: '44px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  selectors: {
    '&:focus': { borderColor: vars.color.accent },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { background: vars.color.surfaceAlt, color: vars.color.inkMuted },
  },
});

export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

export const hint = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.fontSize.sm });
