import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const stars = style({ display: 'inline-flex', alignItems: 'center', gap: '1px' });
export const on = style({ color: vars.color.gold });
export const off = style({ color: '#cdbfb8' });
export const half = style({ position: 'relative', display: 'inline-block' });
export const halfFill = style({ position: 'absolute', top: 0, left: 0, overflow: 'hidden', height: '100%' });
