import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const carousel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const track = style({ paddingBlock: vars.space.xs });
export const controls = style({ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: vars.space.md });
export const bullets = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '2px' });
export const bullet = style({
  width: '24px',
  height: '24px',
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
  display: 'grid',
  placeItems: 'center',
  '::before': { content: '""', width: '10px', height: '10px', borderRadius: '50%', background: '#cdbfb8' },
  selectors: { '&[aria-current="true"]::before': { background: vars.color.accent } },
});
export const pause = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.card,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
});
