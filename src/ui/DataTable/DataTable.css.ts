import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** Every body row has this height (the spec's 53 px row filler, section 9), so the filler of a short last page keeps the table's height. */
export const ROW_HEIGHT_PX = 53;

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0, maxWidth: '100%' });

export const searchBar = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, maxWidth: '360px', width: '100%', position: 'relative' });

export const searchIcon = style({ position: 'absolute', left: vars.space.sm, color: vars.color.inkMuted, pointerEvents: 'none' });

export const search = style({
  width: '100%',
  minHeight: '44px',
  padding: `0 ${vars.space.md} 0 calc(${vars.space.sm} + 28px)`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.card,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
});

export const selectedCount = style({ margin: 0, marginRight: 'auto', fontWeight: 600, color: vars.color.accentHover });

/** Scrolls sideways inside its own box on a narrow screen, so the page never does. */
export const scroller = style({
  // Positioned, so visually hidden cells inside (absolutely placed) stay in the box instead of widening the page.
  position: 'relative',
  overflowX: 'auto',
  maxWidth: '100%',
  borderRadius: vars.radius.md,
  background: vars.color.card,
  boxShadow: vars.shadow.card,
});

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const head = style({
  textAlign: 'left',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surfaceAlt,
  color: vars.color.inkSoft,
  fontWeight: 700,
  whiteSpace: 'nowrap',
});

export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minHeight: '36px',
  padding: `0 ${vars.space.xxs}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  fontWeight: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.ink } },
});

export const sortIcon = style({ flexShrink: 0 });

export const sortIconIdle = style({ opacity: 0.35 });

export const row = style({ height: `${ROW_HEIGHT_PX}px`, selectors: { '&[data-selected="true"]': { background: vars.color.accentSoft } } });

export const cell = style({ padding: `0 ${vars.space.sm}`, borderTop: `1px solid ${vars.color.border}`, verticalAlign: 'middle', whiteSpace: 'nowrap' });

export const checkCell = style([cell, { width: '48px' }]);

export const checkHead = style([head, { width: '48px' }]);

export const checkbox = style({ width: '20px', height: '20px', margin: 0, accentColor: vars.color.accent, cursor: 'pointer' });

export const filler = style({ borderTop: `1px solid ${vars.color.border}` });

export const message = style({ padding: vars.space.xl, textAlign: 'center', color: vars.color.inkSoft, borderTop: `1px solid ${vars.color.border}` });

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
});

export const pageSize = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const select = style({
  minHeight: '36px',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.card,
});

export const pageButtons = style({ display: 'inline-flex', gap: vars.space.xxs });

export const pageButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.ink,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
    '&:disabled': { color: vars.color.inkMuted, opacity: 0.5, cursor: 'not-allowed' },
  },
});
