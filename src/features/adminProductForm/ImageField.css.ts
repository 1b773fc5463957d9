import { style } from '@vanilla-extract/css';
import { button } from '~/src/ui/Button/Button.css';
import { vars } from '~/src/ui/theme/theme.css';

export const picker = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const control = style({ position: 'relative', display: 'inline-flex' });

/** The file input itself, unseen but laid over the button it looks like, so a click or a tap on the button is a click on it. */
export const input = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'not-allowed' } },
});

/** The shop's secondary button, following the input's hover, focus and disabled states. */
export const chooser = style([
  button.secondary,
  {
    pointerEvents: 'none',
    selectors: {
      [`${input}:hover:not(:disabled) + &`]: { background: vars.color.accentSoft },
      [`${input}:focus-visible + &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
      [`${input}:disabled + &`]: { cursor: 'not-allowed', opacity: 0.55 },
    },
  },
]);

export const fileName = style({ minWidth: 0, overflowWrap: 'anywhere', color: vars.color.ink, fontSize: vars.fontSize.sm });

export const noFile = style([fileName, { color: vars.color.inkMuted }]);

export const uploadStatus = style({
  color: vars.color.inkSoft,
  fontWeight: 600,
  selectors: { '&[data-status="uploaded"]': { color: vars.color.success } },
});

export const preview = style({
  width: '120px',
  height: '120px',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
