import { style } from '@vanilla-extract/css';
import { vars } from '~/src/ui/theme/theme.css';

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: vars.space.sm });
