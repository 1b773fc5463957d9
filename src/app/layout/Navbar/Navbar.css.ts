import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 20,
  background: 'rgba(255, 250, 247, 0.96)',
  backdropFilter: 'saturate(1.2) blur(8px)',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const bar = style({
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space.xs} ${vars.space.md}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.layout.navHeight,
  '@media': { [media.large]: { flexWrap: 'nowrap', gap: vars.space.lg } },
});

export const title = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xxl,
  fontWeight: 700,
  letterSpacing: '0.04em',
  color: vars.color.accent,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});

export const links = style({
  display: 'none',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  gap: vars.space.lg,
  '@media': { [media.large]: { display: 'flex' } },
});

export const link = style({
  display: 'inline-block',
  padding: `${vars.space.xs} 0`,
  color: vars.color.inkSoft,
  fontWeight: 500,
  textDecoration: 'none',
  textUnderlineOffset: '6px',
  textDecorationThickness: '2px',
  selectors: {
    '&:hover': { color: vars.color.ink },
    '&[aria-current="page"], &.active': { color: vars.color.ink, textDecorationLine: 'underline', textDecorationColor: vars.color.accent },
  },
});

/** An invisible stand-in as wide as the link it names (its data-label). */
export const reservedLink = style({
  visibility: 'hidden',
  '::before': { content: 'attr(data-label)' },
});

export const search = style({
  order: 10,
  flexBasis: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  height: '40px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.card,
  color: vars.color.inkMuted,
  // The box draws the focus ring of its borderless field.
  ':focus-within': { borderColor: vars.color.accent, outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  '@media': { [media.small]: { order: 0, flexBasis: 'auto', flex: '1 1 220px', maxWidth: '360px', marginLeft: 'auto' } },
});

export const searchInput = style({
  flex: 1,
  minWidth: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.ink,
  outline: 'none',
  '::placeholder': { color: vars.color.inkMuted },
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  marginLeft: 'auto',
  '@media': { [media.small]: { marginLeft: 0 } },
});

export const iconButton = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.ink,
  cursor: 'pointer',
  textDecoration: 'none',
  ':hover': { background: vars.color.surfaceAlt },
});

export const favoriteOn = style({ color: vars.color.accent });

export const menuButton = style([iconButton, { '@media': { [media.large]: { display: 'none' } } }]);

export const badge = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  minWidth: '20px',
  height: '20px',
  padding: '0 5px',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.accentInk,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
});
