import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Footer } from './Footer';

const meta = { title: 'Layout/Footer', component: Footer } satisfies Meta<typeof Footer>;
export default meta;

export const Default: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const footer = within(canvasElement).getByRole('contentinfo');
    await expect(within(footer).getByRole('link', { name: 'support@rouge.example' })).toHaveAttribute(
      'href',
      'mailto:support@rouge.example',
    );
    await expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Rouge Makeup Shop. All rights reserved.`);
  },
};
