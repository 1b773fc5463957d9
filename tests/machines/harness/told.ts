import type { Shop } from './shop';

/** Whether the shopper was told `text` as a failure. */
export const toldFailure = (shop: Shop, text: string) => shop.toasts.some((toast) => toast.kind === 'failure' && toast.text === text);

/**
 * The most times one request (method, address, body) of the app's calls
 * matching `calls` was failed by the harness in a row, with no failure told
 * to the shopper between: how often a change the server could not take was
 * sent before the shopper was told. From the network's own record.
 */
export function mostFailedInARow(shop: Shop, calls: RegExp): number {
  const toldAt = shop.toasts.filter((toast) => toast.kind === 'failure').map((toast) => toast.calls);
  let most = 0;
  let run = 0;
  let last: { request: string; at: number } | null = null;
  shop.network.sent.forEach(({ call, request, fault }, at) => {
    const faulted = fault !== null;
    if (!calls.test(call)) return;
    const toldBetween = last !== null && toldAt.some((told) => told > last!.at && told <= at);
    run = faulted ? (last?.request === request && !toldBetween ? run + 1 : 1) : 0;
    last = faulted ? { request, at } : null;
    most = Math.max(most, run);
  });
  return most;
}

/** The server's refusals of the app's calls matching `calls` that the shopper was not told in the server's words (as many failures said as refusals). */
export async function untoldRefusals(shop: Shop, calls: RegExp): Promise<string[]> {
  const said = shop.toasts.filter((toast) => toast.kind === 'failure').map((toast) => toast.text);
  return (await shop.refusals(calls)).filter((message) => {
    const index = said.indexOf(message);
    if (index >= 0) said.splice(index, 1);
    return index < 0;
  });
}
