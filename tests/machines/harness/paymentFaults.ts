import type { PaymentProvider } from '~/server/core/ports';
import type { FaultKind } from './network';
import { timeOutLatest } from './timeouts';

/** A fault the harness made happen: the backend logs it as any other failure; the harness's setup keeps it out of the output. */
export class InjectedFault extends Error {
  override name = 'InjectedFault';
}

/**
 * The backend's payment provider calls (create, capture, refund), counted
 * as the backend makes them, and made to fail as PayPal's can: unreachable,
 * answering a 500, or answering too late (after the client's timeout). The
 * mock backend's test provider is wrapped in this (harness/setup.ts). A
 * provider too late makes the client give up at once (harness/timeouts.ts).
 */
class PaymentCalls {
  count = 0;
  readonly faulted: number[] = [];
  #faults = new Map<number, FaultKind>();

  /** The call with this index (counted from 0) fails this way. */
  failCall(index: number, kind: FaultKind): void {
    this.#faults.set(index, kind);
  }

  /** A fresh shop's provider: nothing counted, nothing armed. */
  reset(): void {
    this.count = 0;
    this.faulted.length = 0;
    this.#faults.clear();
  }

  faultable(provider: PaymentProvider): PaymentProvider {
    const call =
      <A extends unknown[], R>(name: string, run: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const index = this.count++;
        const kind = this.#faults.get(index);
        if (!kind) return run(...args);
        this.#faults.delete(index);
        this.faulted.push(index);
        if (kind === 'timeout') timeOutLatest();
        throw new InjectedFault(
          `The payment provider's ${name} ${kind === 'network' ? 'could not be reached' : kind === 'server-error' ? 'answered 500' : 'did not answer in time'} (injected fault).`,
        );
      };
    return {
      ...provider,
      create: call('create', provider.create),
      capture: call('capture', provider.capture),
      refund: call('refund', provider.refund),
    };
  }
}

export const paymentCalls = new PaymentCalls();
