import { createContainer, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** Every body row has this height (the spec's 53 px row filler, section 9), so the filler of a short last page keeps the table's height. */
export const ROW_HEIGHT_PX = 53;

const box = createContainer();

/** Narrower than this, the table shows each row as a card: its first column as the title, the others as labelled lines. */
const cards = `${box} (max-width: 599px)`;

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  maxWidth: '100%',
  containerName: box,
  containerType: 'inline-size',
});

export const searchBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  maxWidth: '360px',
  width: '100%',
  position: 'relative',
});

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

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  '@container': { [cards]: { display: 'block' } },
});

/** The headers: a row of sort buttons above the cards on a narrow table. */
export const headRow = style({
  '@container': {
    [cards]: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: vars.space.xxs,
      padding: vars.space.xs,
      background: vars.color.surfaceAlt,
    },
  },
});

export const body = style({ '@container': { [cards]: { display: 'block' } } });

export const thead = style({ '@container': { [cards]: { display: 'block' } } });

export const head = style({
  textAlign: 'left',
  padding: vars.space.xs,
  background: vars.color.surfaceAlt,
  color: vars.color.inkSoft,
  fontWeight: 700,
  whiteSpace: 'nowrap',
  '@container': { [cards]: { display: 'block', padding: 0 } },
});

export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

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

export const row = style({
  height: `${ROW_HEIGHT_PX}px`,
  background: vars.color.card,
  selectors: { '&[data-selected="true"]': { background: vars.color.accentSoft } },
  '@container': {
    [cards]: {
      display: 'grid',
      gridTemplateColumns: '44px minmax(0, 1fr) 44px',
      alignItems: 'center',
      columnGap: vars.space.xs,
      height: 'auto',
      padding: `${vars.space.xs} ${vars.space.sm}`,
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});

/** Text wraps (a long name takes two lines rather than pushing the row menu off the screen); numbers do not. */
export const cell = style({
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderTop: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  overflowWrap: 'break-word',
  '@container': {
    [cards]: {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: vars.space.md,
      gridColumn: '2 / 4',
      padding: `${vars.space.xxs} 0`,
      border: 'none',
      textAlign: 'right',
    },
  },
});

/** A cell's column name: unseen in a table, where its header names it; the start of the card's line, said before the value. */
export const cellLabel = style({
  display: 'none',
  '@container': { [cards]: { display: 'block', color: vars.color.inkSoft, fontWeight: 600, textAlign: 'left' } },
});

/** The title's column name: said before the card's title, not shown. */
export const titleLabel = style({
  display: 'none',
  '@container': {
    [cards]: {
      display: 'block',
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});

/** The row's first column: the card's title. */
export const titleCell = style({
  '@container': { [cards]: { gridColumn: '2 / 3', gridRow: 1, fontWeight: 600, fontSize: vars.fontSize.md, textAlign: 'left' } },
});

/** The row's menu: kept in view at the right end while the rest scrolls, and at the card's top right. */
export const actionsCell = style({
  position: 'sticky',
  right: 0,
  background: 'inherit',
  '@container': { [cards]: { position: 'static', gridColumn: 3, gridRow: 1, justifyContent: 'flex-end' } },
});

export const actionsHead = style({ position: 'sticky', right: 0 });

export const checkCell = style([cell, { width: '48px', '@container': { [cards]: { gridColumn: 1, gridRow: 1, width: 'auto' } } }]);

export const checkHead = style([head, { width: '48px', '@container': { [cards]: { width: 'auto', padding: `0 ${vars.space.xs}` } } }]);

export const checkbox = style({ width: '20px', height: '20px', margin: 0, accentColor: vars.color.accent, cursor: 'pointer' });

export const filler = style({ borderTop: `1px solid ${vars.color.border}`, '@container': { [cards]: { display: 'none' } } });

export const message = style({
  padding: vars.space.xl,
  textAlign: 'center',
  color: vars.color.inkSoft,
  borderTop: `1px solid ${vars.color.border}`,
  '@container': { [cards]: { display: 'block' } },
});

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
