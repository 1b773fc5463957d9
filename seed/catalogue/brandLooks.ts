import type { Brand } from '~/src/domain/constants';

/**
 * How a brand's packaging looks in the drawn pictures: the colour of its cases and its trims, how round
 * its caps and corners are, how slim or stout it is, and how its name is lettered on the label.
 */
export type Look = { ink: string; accent: string; text: string; round: number; width: number; serif: boolean; upper: boolean };

/** The look of a picture whose address names no brand. */
export const PLAIN_LOOK: Look = { ink: '#3b2b33', accent: '#c9a14a', text: '#3b2b33', round: 6, width: 1, serif: false, upper: false };

export const BRAND_LOOKS: Readonly<Record<Brand, Look>> = {
  "c'est moi": { ink: '#e9b8c4', accent: '#ffffff', text: '#8c3d55', round: 16, width: 1.1, serif: false, upper: false },
  'coastal classic creation': { ink: '#1f3a5f', accent: '#d8c08a', text: '#1f3a5f', round: 3, width: 0.9, serif: true, upper: true },
  covergirl: { ink: '#2a5db0', accent: '#e6eefb', text: '#1d4487', round: 10, width: 1, serif: false, upper: true },
  dior: { ink: '#141414', accent: '#c9a14a', text: '#141414', round: 2, width: 0.85, serif: true, upper: true },
  fenty: { ink: '#5b4a40', accent: '#d9c2a5', text: '#3f322b', round: 14, width: 1.15, serif: false, upper: true },
  'green people': { ink: '#3e6b48', accent: '#e4efd9', text: '#2f5237', round: 12, width: 1.05, serif: false, upper: false },
  "l'oreal": { ink: '#2b2b2b', accent: '#d4af37', text: '#2b2b2b', round: 4, width: 0.95, serif: true, upper: true },
  'lotus cosmetics usa': { ink: '#7a4a8c', accent: '#f1e3f6', text: '#5c3669', round: 16, width: 1, serif: true, upper: false },
  maybelline: { ink: '#d0103a', accent: '#1a1a1a', text: '#a30c2e', round: 8, width: 1.1, serif: false, upper: true },
  nudus: { ink: '#d8c3b0', accent: '#8a6f5a', text: '#6b5444', round: 6, width: 0.9, serif: false, upper: false },
  nyx: { ink: '#0d0d0d', accent: '#ff4f9a', text: '#0d0d0d', round: 2, width: 1.15, serif: false, upper: true },
  'penny lane organics': { ink: '#a67c52', accent: '#f5ead8', text: '#7a5735', round: 14, width: 0.95, serif: true, upper: false },
  zorah: { ink: '#1c4a4a', accent: '#e0b96a', text: '#1c4a4a', round: 8, width: 0.85, serif: true, upper: false },
};
