import { setupWorker } from 'msw/browser';
import { createMockBackend } from './backend';

/** The in-browser backend for `npm run dev`, Storybook-free demos and the end-to-end tests on the build. */
export async function startMockWorker(): Promise<void> {
  const { handlers } = await createMockBackend();
  await setupWorker(...handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
}
