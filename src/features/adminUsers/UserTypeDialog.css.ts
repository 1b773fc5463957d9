import { style } from '@vanilla-extract/css';
import * as dialog from '~/src/ui/Dialog/dialog.css';
import { vars } from '~/src/ui/theme/theme.css';

export { overlay, actions } from '~/src/ui/Dialog/dialog.css';

export const content = style([dialog.content, { width: 'min(360px, 92vw)' }]);

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const title = style({ fontSize: vars.fontSize.lg });

export const description = style({ margin: 0, color: vars.color.inkSoft });

export const options = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { background: vars.color.accentSoft } },
});

export const radio = style({ width: '18px', height: '18px', margin: 0, accentColor: vars.color.accent });
