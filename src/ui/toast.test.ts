import { beforeEach, expect, it, vi } from 'vitest';

const toast = Object.assign(vi.fn(), { error: vi.fn() });
vi.mock('sonner', () => ({ toast }));

beforeEach(() => vi.clearAllMocks());

it("closes the spec's toasts after 2000 ms", async () => {
  const { notify } = await import('./toast');
  notify('Added to Cart');
  expect(toast).toHaveBeenCalledWith('Added to Cart', { duration: 2000 });
});

it('reports a failed request with the default toast', async () => {
  const { notifyFailure } = await import('./toast');
  notifyFailure();
  expect(toast.error).toHaveBeenCalledWith('Something went wrong. Please try again.');
});
