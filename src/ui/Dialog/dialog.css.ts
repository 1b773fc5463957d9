import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The shop's modal dialogs (Radix Dialog): one dimmed overlay and one centred card; each dialog adds its width. */
export const overlay = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 50 });

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
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

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
