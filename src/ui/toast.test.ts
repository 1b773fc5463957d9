import { beforeEach, expect, it, vi } from 'vitest';

const toast = Object.assign(vi.fn(), { error: vi.fn() });
vi.mock('./shopToaster', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());

it('loads the toasts’ library only with the first toast, and tells the Toaster then', async () => {
  const { notify, toastLibrary } = await import('./toast');
  const requested = vi.fn();
  toastLibrary.onRequested(requested);
  expect(toastLibrary.attempts()).toBe(0);
  notify('Added to Cart');
  expect(toastLibrary.attempts()).toBe(1);
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

it('a failed load of the library is let go of: the next toast loads it again and shows', async () => {
  vi.resetModules();
  vi.doMock('./shopToaster', () => {
    throw new Error('offline');
  });
  const { notify, toastLibrary } = await import('./toast');
  notify('Added to Cart');
  await vi.waitFor(() => expect(toastLibrary.attempts()).toBe(1));
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.doMock('./shopToaster', () => ({ toast }));
  notify('Added to Favorites');
  expect(toastLibrary.attempts()).toBe(2);
  await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('Added to Favorites', { duration: 2000 }));
});
