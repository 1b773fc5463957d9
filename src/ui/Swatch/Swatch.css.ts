import { style, styleVariants } from '@vanilla-extract/css';

/** The shade's own colour, set per swatch. */
export const colour = '--swatch-colour';

const base = style({
  position: 'relative',
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: '50%',
  background: `var(${colour})`,
  // A hairline of dark and light, so a white or a black shade still shows its edge on any ground.
  boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.25), inset 0 0 0 2px rgba(255, 255, 255, 0.35)',
});

export const swatch = styleVariants({
  sm: [base, { width: '14px', height: '14px' }],
  md: [base, { width: '20px', height: '20px' }],
  lg: [base, { width: '36px', height: '36px' }],
});

/** A sold-out shade: struck through by a white line edged in black, seen on every colour. */
export const soldOut = style({
  overflow: 'hidden',
  '::after': {
    content: '""',
    position: 'absolute',
    left: '-20%',
    top: 'calc(50% - 2px)',
    width: '140%',
    height: '4px',
    background: '#ffffff',
    boxShadow: '0 0 0 1px #000000',
    transform: 'rotate(-45deg)',
  },
});
