import { beforeEach, expect, it, vi } from 'vitest';

const toast = Object.assign(vi.fn(), { error: vi.fn() });
vi.mock('sonner', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());

it("closes the spec's toasts after 2000 ms", async () => {
  const { notify } = await import('./toast');
  notify('Added to Cart');
  expect(toast).toHaveBeenCalledWith('Added to Cart', { duration: 2000 });
});

it('reports failed requests with one default toast, the latest message shown', async () => {
  const { notifyFailure } = await import('./toast');
  notifyFailure();
  notifyFailure('Your cart could not be saved.');
  expect(toast.error).toHaveBeenNthCalledWith(1, 'Something went wrong. Please try again.', { id: 'request-failed' });
  expect(toast.error).toHaveBeenNthCalledWith(2, 'Your cart could not be saved.', { id: 'request-failed' });
});
