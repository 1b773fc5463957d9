import { beforeEach, expect, it, vi } from 'vitest';

const toast = Object.assign(vi.fn(), { error: vi.fn() });
vi.mock('sonner', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());

it('loads the toasts’ library only with the first toast, and tells the Toaster then', async () => {
  const { notify, toastLibrary } = await import('./toast');
  const requested = vi.fn();
  toastLibrary.onRequested(requested);
  expect(toastLibrary.requested()).toBe(false);
  notify('Added to Cart');
  expect(toastLibrary.requested()).toBe(true);
  expect(requested).toHaveBeenCalledTimes(1);
  notify('Added to Favorites');
  expect(requested).toHaveBeenCalledTimes(1);
  await vi.waitFor(() => expect(toast).toHaveBeenCalledTimes(2));
});

it("closes the spec's toasts after 2000 ms", async () => {
  const { notify } = await import('./toast');
  notify('Added to Cart');
  await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Added to Cart', { duration: 2000 }));
});

it('reports failed requests with one default toast, the latest message shown', async () => {
  const { notifyFailure } = await import('./toast');
  notifyFailure();
  notifyFailure('Your cart could not be saved.');
  await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
  expect(toast.error).toHaveBeenNthCalledWith(1, 'Something went wrong. Please try again.', { id: 'request-failed' });
  expect(toast.error).toHaveBeenNthCalledWith(2, 'Your cart could not be saved.', { id: 'request-failed' });
});
