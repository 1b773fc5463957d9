import { style } from '@vanilla-extract/css';
import * as dialog from '../Dialog/dialog.css';
import { vars } from '../theme/theme.css';

export { overlay, actions } from '../Dialog/dialog.css';

export const content = style([dialog.content, { width: 'min(400px, 92vw)' }]);

export const title = style({ fontSize: vars.fontSize.lg });
