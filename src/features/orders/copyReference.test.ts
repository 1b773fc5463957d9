import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ notify: vi.fn(), notifyFailure: vi.fn() }));
vi.mock('~/src/ui/toast', () => toast);

const { copyReference } = await import('./copyReference');

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

it("says 'Order reference #n copied' once the clipboard holds '#n'", async () => {
  const writeText = vi.fn().mockResolvedValue(undefined);
  vi.stubGlobal('navigator', { clipboard: { writeText } });
  await copyReference(7);
  expect(writeText).toHaveBeenCalledWith('#7');
  expect(toast.notify).toHaveBeenCalledWith('Order reference #7 copied');
  expect(toast.notifyFailure).not.toHaveBeenCalled();
});

it('reports a refused copy instead of claiming it', async () => {
  vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new DOMException('Denied', 'NotAllowedError')) } });
  await copyReference(7);
  expect(toast.notifyFailure).toHaveBeenCalledWith('Order reference #7 could not be copied');
  expect(toast.notify).not.toHaveBeenCalled();
});

it('reports a copy without a clipboard (an insecure page) instead of claiming it', async () => {
  vi.stubGlobal('navigator', {});
  await copyReference(7);
  expect(toast.notifyFailure).toHaveBeenCalledWith('Order reference #7 could not be copied');
  expect(toast.notify).not.toHaveBeenCalled();
});
