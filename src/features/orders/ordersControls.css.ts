import { style } from '@vanilla-extract/css';
import { button } from '~/src/ui/Button/Button.css';
import { vars } from '~/src/ui/theme/theme.css';

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });

export const filter = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.inkSoft,
  fontWeight: 600,
});

/** The orders' selects in the shop's look: a pill on the card colour with the theme's border, tall enough to tap. */
export const select = style({
  minHeight: '40px',
  padding: `0 ${vars.space.lg} 0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.card,
  color: vars.color.ink,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.accent },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

/** A row's action (Apply, View order): the shop's secondary button, sized for a table row. */
export const rowButton = style([
  button.secondary,
  { minHeight: '36px', padding: `0 ${vars.space.sm}`, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' },
]);

/** The order's reference, copied when pressed: reads as a link-coloured label, not a grey browser button. */
export const reference = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${vars.space.xxs}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.accent,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.accentSoft, textDecoration: 'underline' } },
});
