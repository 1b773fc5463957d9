import { style } from '@vanilla-extract/css';
import * as dialog from '~/src/ui/Dialog/dialog.css';
import { vars } from '~/src/ui/theme/theme.css';

export { overlay, actions } from '~/src/ui/Dialog/dialog.css';

export const content = style([dialog.content, { width: 'min(380px, 92vw)' }]);

export const title = style({ fontSize: vars.fontSize.lg });

export const description = style({ margin: 0, color: vars.color.inkSoft });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
