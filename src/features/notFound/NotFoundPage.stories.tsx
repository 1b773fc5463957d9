import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import NotFoundPage from './NotFoundPage';

const meta = { title: 'Pages/Not found', component: NotFoundPage, parameters: { route: '/no/such/page' } } satisfies Meta<
  typeof NotFoundPage
>;
export default meta;

export const Default: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible();
    await expect(canvas.getByText("We couldn't find the page you're looking for :(")).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/');
  },
};
