import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme/theme.css';

export const overlay = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 50 });

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(560px, 94vw)',
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

export const subtitle = style({ fontSize: vars.fontSize.md, margin: 0 });

export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const line = style({ display: 'grid', gridTemplateColumns: '48px 1fr auto auto', alignItems: 'center', gap: vars.space.sm });

export const picture = style({ width: '48px', height: '48px', objectFit: 'cover', borderRadius: vars.radius.md });

export const name = style({ fontWeight: 600 });

export const facts = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });

export const history = style({ margin: 0, paddingLeft: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
