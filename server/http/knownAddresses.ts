import { recentlyUsed } from '~/src/domain/recentlyUsed';

/** Addresses remembered by default: a bound on what a flood of made-up ones holds. */
const MAX_ADDRESSES = 4096;
const MAX_ADDRESS_LENGTH = 512;

/**
 * Request addresses already answered, each with the key its answer is kept
 * under, so a repeat skips working the key out again; the least recently
 * asked is let go of first, and a long address is never kept.
 */
export function knownAddresses(maxAddresses = MAX_ADDRESSES) {
  const keys = recentlyUsed<string, string>(maxAddresses);
  return {
    /** The key this address was answered under, now the most recently asked. */
    keyOf: (address: string): string | undefined => keys.get(address),

    remember(address: string, key: string): void {
      if (address.length <= MAX_ADDRESS_LENGTH) keys.set(address, key);
    },
  };
}
