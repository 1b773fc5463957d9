import { style } from '@vanilla-extract/css';
import { media, vars } from '~/src/ui/theme/theme.css';

export const hero = style({
  padding: `${vars.space.xl} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(120deg, ${vars.color.accentSoft}, #fdf3e7)`,
  marginBottom: vars.space.xl,
});
export const heroTitle = style({ fontSize: vars.fontSize.display, color: vars.color.accentHover });
export const heroText = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.inkSoft, fontSize: vars.fontSize.lg });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, marginBottom: vars.space.xxl });
export const head = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });
export const title = style({ fontSize: vars.fontSize.xxl });

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: '1fr',
  '@media': { [media.small]: { gridTemplateColumns: 'repeat(2, 1fr)' }, [media.large]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
});

export const empty = style({ margin: 0, color: vars.color.inkSoft });
