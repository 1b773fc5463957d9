import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const title = style({ fontSize: vars.fontSize.xxl, selectors: { '&:focus': { outline: 'none' } } });

export const error = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
});

const badge = style({
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});

export const status = styleVariants({
  User: [badge, { background: vars.color.surfaceAlt, color: vars.color.success }],
  Admin: [badge, { background: vars.color.accentSoft, color: vars.color.accentHover }],
  Banned: [badge, { background: vars.color.dangerSoft, color: vars.color.danger }],
  Blocked: [badge, { background: vars.color.surfaceAlt, color: vars.color.inkSoft }],
});
