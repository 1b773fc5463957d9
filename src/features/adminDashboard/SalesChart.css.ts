import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const figure = style({
  margin: 0,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
});

export const caption = style({ marginBottom: vars.space.sm, fontSize: vars.fontSize.lg });

export const chart = style({ display: 'block', width: '100%', height: '160px' });

export const bar = style({ fill: vars.color.accent });

export const axis = style({ stroke: vars.color.inkMuted, strokeWidth: 1 });

export const ends = style({ display: 'flex', justifyContent: 'space-between', color: vars.color.inkSoft, fontSize: vars.fontSize.sm });

export const none = style({ margin: 0, color: vars.color.inkSoft });
