import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/theme.css';

export const overlay = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 50 });

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(440px, 92vw)',
  maxHeight: '90vh',
  overflowY: 'auto',
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.card,
  boxShadow: vars.shadow.raised,
  zIndex: 51,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const title = style({ fontSize: vars.fontSize.xl });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });

export const preview = style({ width: '120px', height: '120px', objectFit: 'cover', borderRadius: vars.radius.md });

export const uploaded = style({ margin: 0, color: vars.color.success, fontWeight: 600 });
