import { style } from '@vanilla-extract/css';
import { media as queries, vars } from '../theme/theme.css';

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  cursor: 'pointer',
  transition: 'transform 150ms ease, box-shadow 150ms ease',
  ':hover': { transform: 'translateY(-2px)', boxShadow: vars.shadow.raised },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none', ':hover': { transform: 'none' } } },
});

export const wide = style([card, { '@media': { [queries.small]: { flexDirection: 'row', alignItems: 'stretch' } } }]);

export const media = style({ position: 'relative', background: vars.color.surfaceAlt, flexShrink: 0 });

export const image = style({
  width: '100%',
  height: 'auto',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  '@media': { [queries.small]: { selectors: { [`${wide} &`]: { width: '180px' } } } },
});

export const actions = style({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.xs,
  background: 'linear-gradient(transparent, rgba(43, 29, 36, 0.55))',
  opacity: 0,
  transition: 'opacity 150ms ease',
  selectors: { [`${media}:hover &, ${media}:focus-within &`]: { opacity: 1 } },
  '@media': { '(hover: none)': { opacity: 1 } },
});

export const action = style({
  width: '40px',
  height: '40px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: vars.color.card,
  color: vars.color.accentHover,
  display: 'grid',
  placeItems: 'center',
  cursor: 'pointer',
  selectors: { '&:disabled': { color: '#a89a94', cursor: 'not-allowed' }, '&[aria-pressed="true"]': { background: vars.color.accentSoft } },
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, padding: vars.space.sm, flex: 1 });

export const name = style({ fontWeight: 600, color: vars.color.ink, textDecoration: 'none', ':hover': { textDecoration: 'underline' } });

export const meta = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.sm, textTransform: 'capitalize' });

export const swatches = style({ display: 'flex', alignItems: 'center', gap: vars.space.xxs, minHeight: '16px' });

export const moreShades = style({ color: vars.color.inkMuted, fontSize: vars.fontSize.xs, marginLeft: vars.space.xxs });
