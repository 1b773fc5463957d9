import { style } from '@vanilla-extract/css';
import { media, vars } from '../theme/theme.css';

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(2, 1fr)',
  '@media': { [media.small]: { gridTemplateColumns: 'repeat(3, 1fr)' }, [media.large]: { gridTemplateColumns: 'repeat(4, 1fr)' } },
});
