import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const card = style({
  maxWidth: '440px',
  margin: `${vars.space.xl} auto`,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const title = style({ fontSize: vars.fontSize.xxl, textAlign: 'center' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const row = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, flexWrap: 'wrap' });

export const checkbox = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, cursor: 'pointer' });

export const link = style({ color: vars.color.accentHover, fontWeight: 600 });

export const alert = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 600,
});

export const success = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: '#e7f4ec',
  color: vars.color.success,
  fontWeight: 600,
});

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.inkMuted,
  fontSize: vars.fontSize.sm,
  '::before': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` },
  '::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` },
});

export const fine = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.fontSize.sm, textAlign: 'center' });
