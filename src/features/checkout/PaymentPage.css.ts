import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const title = style({ fontSize: vars.fontSize.xxl, marginBottom: vars.space.lg });
export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [media.large]: { gridTemplateColumns: '1fr 340px', alignItems: 'start' } },
});
export const methods = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const side = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const testNote = style({ margin: 0, color: vars.color.inkMuted, fontSize: vars.fontSize.sm });
export const approved = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  color: vars.color.success,
  background: vars.color.card,
  fontWeight: 600,
});
export const failed = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  color: vars.color.danger,
  background: vars.color.dangerSoft,
  fontWeight: 600,
});
export const summary = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
});
export const summaryTitle = style({ fontSize: vars.fontSize.lg, marginTop: 0, marginBottom: vars.space.md });
export const shipTo = style([summary, { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }]);
export const address = style({ margin: `0 0 ${vars.space.sm}` });
export const change = style({ color: vars.color.accentHover, fontWeight: 600 });
export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const row = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md });
export const lineName = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const total = style([
  row,
  { marginTop: vars.space.sm, paddingTop: vars.space.sm, borderTop: `1px solid ${vars.color.border}`, fontWeight: 700 },
]);
export const refusal = style([failed, { marginBottom: vars.space.md }]);
export const toastLink = style({ marginLeft: 'auto', color: vars.color.accentHover, fontWeight: 600, textDecoration: 'underline' });
