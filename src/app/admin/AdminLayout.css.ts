import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [media.large]: { gridTemplateColumns: '240px 1fr', alignItems: 'start' } },
});

export const menu = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
  '@media': { [media.large]: { position: 'sticky', top: `calc(${vars.layout.navHeight} + ${vars.space.md})` } },
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

/** The phone's fold: the entries show below the large breakpoint only once unfolded; from it on, always, without the button. */
export const fold = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.ink,
  fontWeight: 600,
  cursor: 'pointer',
  '@media': { [media.large]: { display: 'none' } },
});

export const entries = style([
  list,
  {
    '@media': { [media.belowLarge]: { selectors: { '&[data-unfolded="false"]': { display: 'none' } } } },
  },
]);

export const sublist = style([list, { paddingLeft: vars.space.lg, selectors: { '&[hidden]': { display: 'none' } } }]);

export const entry = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: 0,
  background: 'transparent',
  color: vars.color.inkSoft,
  fontWeight: 500,
  textDecoration: 'none',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt, color: vars.color.ink },
    '&[aria-current="page"]': { background: vars.color.accentSoft, color: vars.color.accentHover, fontWeight: 700 },
  },
});

export const chevron = style({ marginLeft: 'auto', transition: 'transform 150ms ease' });
export const chevronClosed = style({ transform: 'rotate(-90deg)' });

export const content = style({ minWidth: 0 });
