import { notify, notifyFailure } from '~/src/ui/toast';

/** Copies '#n' and says so only once the clipboard took it; a missing or refusing clipboard is reported as such. */
export async function copyReference(orderId: number): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(`#${orderId}`);
  } catch {
    notifyFailure(`Order reference #${orderId} could not be copied`);
    return;
  }
  notify(`Order reference #${orderId} copied`);
}
