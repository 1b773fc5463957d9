import { describe, expect, it } from 'vitest';
import type { SnapshotFrom, StateValue } from 'xstate';
import { sessionMachine } from '~/machines/session.machine';
import type { LoggedUser } from '~/src/domain/types';
import { bridgeSession } from './shop.logic';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const ana: LoggedUser = { id: 'ana', type: 'User', username: 'anashopper', email: 'ana@shop.test', img: null };
const bruno: LoggedUser = { ...ana, id: 'bruno', email: 'bruno@shop.test' };

const at = (value: StateValue, user: LoggedUser | null) =>
  sessionMachine.resolveState({ value, context: { user, error: null, signOutAfterSignIn: false } });

/** A session that is in the states it is moved to, and what favourites and cart were told. */
function bridged(start: SessionSnapshot) {
  let snapshot = start;
  const observers = new Set<(next: SessionSnapshot) => void>();
  const session = {
    getSnapshot: () => snapshot,
    subscribe: (observer: (next: SessionSnapshot) => void) => {
      observers.add(observer);
      return { unsubscribe: () => void observers.delete(observer) };
    },
  } as unknown as Parameters<typeof bridgeSession>[0];
  const told = { favorites: [] as unknown[], cart: [] as unknown[] };
  const stop = bridgeSession(
    session,
    { send: (event) => void told.favorites.push(event) },
    { send: (event) => void told.cart.push(event) },
  );
  const moveTo = (next: SessionSnapshot) => {
    snapshot = next;
    observers.forEach((observer) => observer(next));
  };
  return { told, moveTo, stop };
}

describe('bridgeSession: favourites and cart follow the session', () => {
  it('a stored session: both hear whose it is while it restores, then both are told it was confirmed', () => {
    const { told, moveTo } = bridged(at('restoring', ana));
    expect(told).toEqual({ favorites: [{ type: 'RESTORING', userId: 'ana' }], cart: [{ type: 'RESTORING', userId: 'ana' }] });
    moveTo(at('loadingUser', ana));
    moveTo(at('signedIn', ana));
    expect(told).toEqual({
      favorites: [
        { type: 'RESTORING', userId: 'ana' },
        { type: 'SIGNED_IN', userId: 'ana' },
      ],
      cart: [
        { type: 'RESTORING', userId: 'ana' },
        { type: 'SIGNED_IN', userId: 'ana' },
      ],
    });
  });

  it('a visitor tells nothing; signing in, then out, is told to both once each', () => {
    const { told, moveTo } = bridged(at({ signedOut: 'idle' }, null));
    moveTo(at({ signedOut: 'signingIn' }, null));
    expect(told).toEqual({ favorites: [], cart: [] });
    moveTo(at('signedIn', bruno));
    moveTo(at('signedIn', bruno));
    moveTo(at('signingOut', null));
    moveTo(at({ signedOut: 'idle' }, null));
    const events = [{ type: 'SIGNED_IN', userId: 'bruno' }, { type: 'SIGNED_OUT' }];
    expect(told).toEqual({ favorites: events, cart: events });
  });

  it('once stopped, nothing more is told', () => {
    const { told, moveTo, stop } = bridged(at({ signedOut: 'idle' }, null));
    stop();
    moveTo(at('signedIn', ana));
    expect(told).toEqual({ favorites: [], cart: [] });
  });
});
