import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createMockBackend } from '../mocks/backend';
import '../src/ui/theme/theme.css';

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    /** Accessibility violations fail the story tests. */
    a11y: { test: 'error' },
    route: '/home',
  },
  /** Every story's calls are answered by the seeded in-memory backend; a story overrides calls with `parameters.msw`. */
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...(await createMockBackend()).handlers);
      await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
      return worker;
    }),
  ],
  decorators: [
    (Story, { parameters }) => (
      <MemoryRouter initialEntries={[parameters.route as string]}>
        <Routes>
          <Route path="*" element={<Story />} />
        </Routes>
      </MemoryRouter>
    ),
  ],
};

export default preview;
