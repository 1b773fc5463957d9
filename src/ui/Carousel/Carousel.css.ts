import { style, type StyleRule } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { VIEWS, viewQuery, type View } from './views';

export const carousel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const track = style({ paddingBlock: vars.space.xs });

/** Set on each slide: its index, and its place counted from the first slide (negative for those keen-slider loops round to its left). */
export const slideIndex = '--carousel-slide-index';
export const slidePlace = '--carousel-slide-place';

/** keen-slider's slide width: the track holds perView slides and (perView - 1) spacings. */
const slideWidth = ({ perView, spacing }: View) => `calc((100% - ${spacing * (perView - 1)}px) / ${perView})`;

const [narrowest, ...wider] = VIEWS;
const atEachView = (rule: (view: View) => StyleRule): StyleRule => ({
  ...rule(narrowest!),
  '@media': Object.fromEntries(wider.map((view) => [`screen and ${viewQuery(view)}`, rule(view)])),
});

/**
 * keen-slider's layout, drawn before it starts (on the server, and until the
 * script runs): each slide as wide as keen-slider makes it, moved by a
 * transform from its place in the row to where keen-slider puts it, the first
 * slide centred. A transform's 100% is the slide's own width. keen-slider
 * then writes its own width and transform on each slide, which replace these,
 * so nothing moves when it starts.
 */
const slideLayout = (view: View): StyleRule => ({
  width: slideWidth(view),
  transform: `translateX(calc(${(view.perView - 1) / 2} * (100% + ${view.spacing}px) + var(${slidePlace}) * (100% + ${view.spacing}px) - var(${slideIndex}) * 100%))`,
});

/** keen-slider finds its slides by this class; its own slide class is not used, as its rule would outrank this width. */
export const slide = style({
  position: 'relative',
  overflow: 'hidden',
  minHeight: '100%',
  flexShrink: 0,
  ...atEachView(slideLayout),
});

/** About the loaded carousel's height: as wide as a slide, its square picture, then the card's text, the track's padding and the controls. */
export const pending = style({
  boxSizing: 'content-box',
  aspectRatio: '1 / 1',
  marginInline: 'auto',
  paddingBottom: '12.5rem',
  display: 'grid',
  placeItems: 'center',
  ...atEachView((view) => ({ width: slideWidth(view) })),
});

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
