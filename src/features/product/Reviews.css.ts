import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const section = style({ marginTop: vars.space.xxl, display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const title = style({ fontSize: vars.fontSize.xxl });
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
});
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.md });
export const note = style({ margin: 0, color: vars.color.inkSoft });
export const label = style({ fontWeight: 600 });
export const textarea = style({
  width: '100%',
  minHeight: '6rem',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  resize: 'vertical',
});
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const comment = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space.md,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const meta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space.sm });
export const author = style({ fontWeight: 700 });
export const date = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.sm });
export const text = style({ margin: `${vars.space.xxs} 0 0`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, marginTop: vars.space.xs });
