import { setupWorker } from 'msw/browser';
import { createMockBackend } from './backend';

/**
 * The in-browser backend for `npm run dev` and the end-to-end tests on the
 * build; `?mockProducts=2000` on the first page seeds a larger catalogue (the benchmark's).
 */
export async function startMockWorker(): Promise<void> {
  const productCount = Number(new URLSearchParams(location.search).get('mockProducts')) || undefined;
  const { handlers } = await createMockBackend(productCount ? { productCount } : {});
  await setupWorker(...handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
}
