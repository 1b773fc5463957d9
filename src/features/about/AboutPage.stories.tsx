import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import AboutPage from './AboutPage';

const meta = { title: 'Pages/About', component: AboutPage, parameters: { route: '/about' } } satisfies Meta<typeof AboutPage>;
export default meta;

export const Team: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const members = within(within(canvasElement).getByRole('list', { name: 'Team' })).getAllByRole('listitem');
    await expect(members).toHaveLength(8);
    for (const member of members) await expect(within(member).getByText('full stack developer')).toBeVisible();
  },
};
