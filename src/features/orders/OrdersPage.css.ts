import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const title = style({ fontSize: vars.fontSize.xxl, margin: 0 });

export const error = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 600,
});

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
