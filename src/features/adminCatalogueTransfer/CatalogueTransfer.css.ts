import { globalStyle, style } from '@vanilla-extract/css';
import * as dialog from '~/src/ui/Dialog/dialog.css';
import { vars } from '~/src/ui/theme/theme.css';

export { overlay, actions } from '~/src/ui/Dialog/dialog.css';

export const bar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: vars.space.xs });

export const exporter = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

/** The file input's label is the button a person sees; the input inside it keeps the focus, so the label shows it. */
export const chooser = style({ selectors: { '&:focus-within': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } } });

export const alert = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontWeight: 600,
});

export const content = style([dialog.content, { width: 'min(720px, 94vw)' }]);

export const title = style({ fontSize: vars.fontSize.lg });

export const text = style({ margin: 0 });

export const problems = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

globalStyle(`${problems} caption`, { textAlign: 'left', fontWeight: 600, paddingBottom: vars.space.xs });
globalStyle(`${problems} th, ${problems} td`, {
  textAlign: 'left',
  verticalAlign: 'top',
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});
globalStyle(`${problems} td:last-child`, { wordBreak: 'break-word', color: vars.color.inkSoft });

export const scroll = style({ maxHeight: '40vh', overflow: 'auto' });
