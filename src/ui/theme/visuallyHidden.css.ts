import { style } from '@vanilla-extract/css';

/**
 * Read by screen readers, not shown, taking no room. Not for a table itself:
 * a table's rows spill out of its own box whatever its size, so hide a
 * table by wrapping it in an element with this class.
 */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
});
