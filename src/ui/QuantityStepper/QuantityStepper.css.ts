import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const stepper = style({
  display: 'inline-flex',
  alignItems: 'center',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.card,
});
export const button = style({
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  selectors: { '&:disabled': { color: '#b7a9a3', cursor: 'not-allowed' }, '&:hover:not(:disabled)': { background: vars.color.surfaceAlt } },
});
export const value = style({ minWidth: '32px', textAlign: 'center', fontWeight: 700 });
