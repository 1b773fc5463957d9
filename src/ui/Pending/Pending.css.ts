import { style } from '@vanilla-extract/css';

export const pending = style({ minHeight: '100vh' });
