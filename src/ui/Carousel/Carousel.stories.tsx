import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Carousel } from './Carousel';

const SLIDES = Array.from({ length: 12 }, (_, index) => (
  <div key={index} style={{ height: 160, display: 'grid', placeItems: 'center', background: '#f9e3ea' }}>
    Slide {index + 1}
  </div>
));

const meta = {
  title: 'UI/Carousel',
  component: Carousel,
  args: { label: 'Offers', children: SLIDES },
  decorators: [(Story) => <div style={{ padding: 16 }}>{Story()}</div>],
} satisfies Meta<typeof Carousel>;
export default meta;
type Story = StoryObj<typeof meta>;

const KEEN_STYLES = ['transform', '-webkit-transform', 'min-width', 'max-width'];

/**
 * The slides where the page's own styles put them, as the server renders
 * them (keen-slider's inline styles taken off for a moment), match where
 * keen-slider put them: its start moves none of the slides in sight.
 */
export const LaidOutBeforeItStarts: Story = {
  play: async ({ canvasElement }) => {
    const carousel = within(canvasElement).getByRole('region', { name: 'Offers' });
    const slides = within(carousel).getAllByRole('group');
    await waitFor(() => expect(slides[0]!.style.transform).not.toBe(''));
    const track = slides[0]!.parentElement!;
    const box = track.getBoundingClientRect();
    const places = () =>
      slides.map((slide) => ({ left: slide.getBoundingClientRect().left - box.left, width: slide.getBoundingClientRect().width }));
    const started = places();
    const kept = slides.map((slide) => slide.getAttribute('style')!);
    for (const slide of slides) for (const property of KEEN_STYLES) slide.style.removeProperty(property);
    const before = places();
    slides.forEach((slide, index) => slide.setAttribute('style', kept[index]!));

    const inSight = started.flatMap((place, index) => (place.left + place.width > 0 && place.left < box.width ? [index] : []));
    await expect(inSight.length).toBeGreaterThanOrEqual(2);
    for (const index of inSight) {
      await expect(Math.abs(before[index]!.left - started[index]!.left)).toBeLessThan(0.5);
      await expect(Math.abs(before[index]!.width - started[index]!.width)).toBeLessThan(0.5);
    }
    await expect(started[0]!.left + started[0]!.width / 2).toBeCloseTo(box.width / 2, 0);
  },
};
