import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const title = style({ fontSize: vars.fontSize.xxl });

export const cards = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: vars.space.md });

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
});

export const cardTitle = style({ fontFamily: vars.font.body, fontSize: vars.fontSize.md, fontWeight: 600, color: vars.color.inkSoft });

export const figure = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.display,
  fontWeight: 600,
  lineHeight: 1.1,
});

export const details = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  color: vars.color.inkSoft,
  fontSize: vars.fontSize.sm,
});

export const detail = style({ display: 'flex', gap: vars.space.xxs });

export const value = style({ margin: 0, fontWeight: 600, color: vars.color.ink });
