import { style } from '@vanilla-extract/css';
import * as dialog from '~/src/ui/Dialog/dialog.css';
import { vars } from '~/src/ui/theme/theme.css';

export { overlay } from '~/src/ui/Dialog/dialog.css';

export const content = style([dialog.content, { width: 'min(560px, 94vw)' }]);

export const title = style({ fontSize: vars.fontSize.xl });

export const subtitle = style({ fontSize: vars.fontSize.md, margin: 0 });

export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const line = style({ display: 'grid', gridTemplateColumns: '48px 1fr auto auto', alignItems: 'center', gap: vars.space.sm });

export const picture = style({ width: '48px', height: '48px', objectFit: 'cover', borderRadius: vars.radius.md });

export const name = style({ fontWeight: 600 });

export const shade = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: 400,
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
});

export const facts = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });

export const history = style({ margin: 0, paddingLeft: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
