import { style } from '@vanilla-extract/css';
import * as dialog from '~/src/ui/Dialog/dialog.css';
import { vars } from '~/src/ui/theme/theme.css';

export { overlay, actions } from '~/src/ui/Dialog/dialog.css';

export const content = style([dialog.content, { width: 'min(440px, 92vw)' }]);

export const title = style({ fontSize: vars.fontSize.xl });

export const preview = style({ width: '120px', height: '120px', objectFit: 'cover', borderRadius: vars.radius.md });

export const uploaded = style({ margin: 0, color: vars.color.success, fontWeight: 600 });
