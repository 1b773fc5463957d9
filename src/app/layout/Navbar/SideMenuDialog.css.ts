import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } });

export const overlay = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 50 });

export const panel = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  width: 'min(320px, 85vw)',
  padding: vars.space.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
  zIndex: 51,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  animation: `${slideIn} 200ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const top = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const divider = style({ border: 0, borderTop: `1px solid ${vars.color.border}`, margin: 0, width: '100%' });

export const signOut = style({
  padding: `${vars.space.xs} 0`,
  border: 0,
  background: 'transparent',
  color: vars.color.inkSoft,
  fontWeight: 500,
  textAlign: 'left',
  cursor: 'pointer',
});
