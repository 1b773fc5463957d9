import { breakpoints } from '../theme/theme.css';

export interface View {
  /** The narrowest window (px) this view is for. */
  minWidth: number;
  perView: number;
  /** Between slides, px. */
  spacing: number;
}

/** Spec 9: 2 slides per view from 640 px, 6 from 1024 px, spaced 20 and 50 px; a phone sees one and a peek of each neighbour. */
export const VIEWS: readonly View[] = [
  { minWidth: 0, perView: 1.2, spacing: 20 },
  { minWidth: breakpoints.small, perView: 2, spacing: 20 },
  { minWidth: breakpoints.large, perView: 6, spacing: 50 },
];

export const viewQuery = (view: View) => `(min-width: ${view.minWidth}px)`;
