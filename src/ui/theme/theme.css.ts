import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';

/** Rose, plum and warm ivory: a calm ground that lets product colours speak. Text pairs meet WCAG AA. */
export const vars = createGlobalTheme(':root', {
  color: {
    ink: '#2b1d24',
    inkSoft: '#5f4a54',
    inkMuted: '#76626b',
    surface: '#fffaf7',
    surfaceAlt: '#f7ede8',
    card: '#ffffff',
    border: '#eaddd6',
    accent: '#a3325a',
    accentHover: '#87264a',
    accentInk: '#ffffff',
    accentSoft: '#f9e3ea',
    gold: '#b07d2b',
    success: '#2f6b47',
    danger: '#b3261e',
    dangerSoft: '#fdecea',
    focus: '#1f5fbf',
    overlay: 'rgba(43, 29, 36, 0.45)',
  },
  /** System fonts: a named face is used only where the device has it; none is downloaded, so text paints at once and never swaps. */
  font: {
    body: '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    display: '"Cormorant Garamond", "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.875rem',
    display: '2.75rem',
  },
  space: {
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
  },
  radius: {
    sm: '6px',
    md: '12px',
    lg: '20px',
    pill: '999px',
  },
  shadow: {
    card: '0 1px 2px rgba(43, 29, 36, 0.06), 0 4px 16px rgba(43, 29, 36, 0.06)',
    raised: '0 8px 32px rgba(43, 29, 36, 0.16)',
  },
  layout: {
    maxWidth: '1240px',
    navHeight: '64px',
  },
});

/** Breakpoints of spec section 9: the carousel's 640 and 1024 px. */
export const breakpoints = { small: 640, large: 1024 } as const;
export const media = {
  small: `screen and (min-width: ${breakpoints.small}px)`,
  large: `screen and (min-width: ${breakpoints.large}px)`,
  belowLarge: `screen and (max-width: ${breakpoints.large - 1}px)`,
} as const;

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', { WebkitTextSizeAdjust: '100%' });

globalStyle('body', {
  margin: 0,
  background: vars.color.surface,
  color: vars.color.ink,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3', { fontFamily: vars.font.display, fontWeight: 600, lineHeight: 1.15, margin: 0 });

globalStyle('a', { color: 'inherit' });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });

globalStyle('img', { maxWidth: '100%', display: 'block' });
